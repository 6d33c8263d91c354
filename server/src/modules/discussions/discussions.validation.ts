import { requiredText, versionOf } from '../../core/input';
import { POST_MAX, TITLE_MAX } from '../courses';

export const DISCUSSION_TEXT = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  courseRequired: 'Course is required',
  notFound: 'Discussion not found',
  cannotPost: 'Only the teachers and students of this course can take part in its discussions',
  cannotChange: 'Only a teacher of this course or the author can edit or delete this post',
  created: 'Discussion created successfully',
  replied: 'Reply posted successfully',
  updated: 'Discussion updated successfully',
  deleted: 'Discussion deleted successfully',
} as const;

/** Room for 'Re: ' before a thread title of the longest allowed length. */
export const REPLY_TITLE_MAX = TITLE_MAX + 10;

export interface DiscussionInput {
  title?: unknown;
  content?: unknown;
  version?: unknown;
}

/** platform.md section 5: title and content required; a reply needs content, its title defaults to 'Re: ' + the thread's. */
export function validateNewPost(input: DiscussionInput, threadTitle: string | null) {
  const content = requiredText(input.content, DISCUSSION_TEXT.contentRequired, 'Content', POST_MAX, 'multiline', 'content');
  const given = typeof input.title === 'string' ? input.title.trim() : '';
  const title =
    threadTitle !== null && !given
      ? `Re: ${threadTitle}`.slice(0, REPLY_TITLE_MAX)
      : requiredText(
          input.title,
          DISCUSSION_TEXT.titleRequired,
          'Title',
          threadTitle !== null ? REPLY_TITLE_MAX : TITLE_MAX,
          undefined,
          'title',
        );
  return { title, content };
}

export function validatePostEdit(input: DiscussionInput) {
  const set: { title?: string; content?: string } = {};
  if (input.title !== undefined)
    set.title = requiredText(input.title, DISCUSSION_TEXT.titleRequired, 'Title', REPLY_TITLE_MAX, undefined, 'title');
  if (input.content !== undefined)
    set.content = requiredText(input.content, DISCUSSION_TEXT.contentRequired, 'Content', POST_MAX, 'multiline', 'content');
  return { set, version: versionOf(input.version) };
}
