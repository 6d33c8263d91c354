import { addToList, evictObject } from '../../lib/cacheUpdates';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import {
  useCreateDiscussionMutation,
  useDeleteDiscussionMutation,
  useUpdateDiscussionMutation,
  type CourseDiscussionsPanelFragment,
  type DiscussionPostFragment,
  type DiscussionThreadFragment,
} from './discussions.generated';

export type Thread = DiscussionThreadFragment;
export type Post = DiscussionPostFragment;

/** Which page the panel is on: the student pages add 'Please try again later.' to their error texts. */
export type Audience = 'teacher' | 'student';

export const DELETE_DISCUSSION_CONFIRM = 'Are you sure you want to delete this discussion? This will also delete all replies.';

function failure(audience: Audience, action: 'create' | 'update' | 'delete'): string {
  const text = `Failed to ${action} discussion`;
  return audience === 'student' ? `${text}. Please try again later.` : text;
}

export interface PostFields {
  title: string;
  content: string;
}

export type PostErrors = Partial<Record<'title' | 'content', string>>;

/** A thread needs a title and content; a reply needs content (spec section 5). */
export function validatePost(f: PostFields, isReply: boolean): PostErrors {
  const errors: PostErrors = {};
  if (!isReply && !f.title.trim()) errors.title = 'Title is required';
  if (!f.content.trim()) errors.content = 'Content is required';
  return errors;
}

/**
 * A course's discussions (from the page's query): threads with replies; start, reply, edit and delete (a Teacher
 * or the author). New posts join the cached lists from the mutation's answer; deleted ones leave the cache.
 */
export function useDiscussions(course: CourseDiscussionsPanelFragment, audience: Audience) {
  const courseId = course.id;
  const [createMutation] = useCreateDiscussionMutation();
  const [updateMutation] = useUpdateDiscussionMutation();
  const [deleteMutation] = useDeleteDiscussionMutation();
  const msgs = useActionMessages();

  // Edit and delete show only to a Teacher or the author (spec section 6); the server answers per post
  // (a teacher of this course, or the author), so the buttons match what it allows.
  const canChange = (post: Post) => post.viewerCanChange;

  const startDiscussion = (f: PostFields): Promise<string | null> =>
    msgs.attempt(
      () =>
        createMutation({
          variables: { input: { courseId, title: f.title.trim(), content: f.content.trim() } },
          // threads: newest first, as the server lists them
          update: (cache, { data }) => {
            if (data)
              addToList(
                cache,
                { __typename: 'Course', id: courseId },
                'discussions',
                { __typename: 'Discussion', id: data.createDiscussion.id },
                'start',
              );
          },
        }),
      'Discussion started successfully',
      failure(audience, 'create'),
    );

  const reply = (thread: Thread, content: string): Promise<string | null> =>
    msgs.attempt(
      () =>
        createMutation({
          variables: { input: { courseId, parentDiscussionId: thread.id, content: content.trim() } },
          // replies: oldest first
          update: (cache, { data }) => {
            if (data)
              addToList(
                cache,
                { __typename: 'Discussion', id: thread.id },
                'replies',
                { __typename: 'Discussion', id: data.createDiscussion.id },
                'end',
              );
          },
        }),
      'Reply posted successfully',
      failure(audience, 'create'),
    );

  const updatePost = (post: Post, f: PostFields): Promise<string | null> => {
    const input = { id: post.id, version: post.version, title: f.title.trim() || undefined, content: f.content.trim() };
    return msgs.attempt(() => updateMutation({ variables: { input } }), 'Discussion updated successfully', failure(audience, 'update'));
  };

  const deletePost = async (post: Post): Promise<void> => {
    const isReply = Boolean(post.parentDiscussionId);
    if (!confirmAction(isReply ? 'Are you sure you want to delete this reply?' : DELETE_DISCUSSION_CONFIRM)) return;
    await msgs.act(
      // a thread's replies go with it (cache.gc drops what only the thread held)
      () =>
        deleteMutation({ variables: { id: post.id }, update: (cache) => evictObject(cache, { __typename: 'Discussion', id: post.id }) }),
      isReply ? 'Reply deleted successfully' : 'Discussion deleted successfully',
      failure(audience, 'delete'),
    );
  };

  return {
    threads: course.discussions,
    error: msgs.actionError,
    success: msgs.success,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    canChange,
    startDiscussion,
    reply,
    updatePost,
    deletePost,
  };
}
