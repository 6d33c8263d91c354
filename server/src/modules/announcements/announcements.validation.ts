import { flag, requiredText, versionOf } from '../../core/input';
import { POST_MAX, TITLE_MAX } from '../courses';

export const ANNOUNCEMENT_TEXT = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  courseRequired: 'Course is required',
  notFound: 'Announcement not found',
  cannotManage: 'Only the teachers of this course can manage its announcements',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  deleted: 'Announcement deleted successfully',
} as const;

export interface AnnouncementInput {
  title?: unknown;
  content?: unknown;
  isVisible?: unknown;
  version?: unknown;
}

/** platform.md section 5: title and content required. */
export function validateNewAnnouncement(input: AnnouncementInput) {
  return {
    title: requiredText(input.title, ANNOUNCEMENT_TEXT.titleRequired, 'Title', TITLE_MAX, undefined, 'title'),
    content: requiredText(input.content, ANNOUNCEMENT_TEXT.contentRequired, 'Content', POST_MAX, 'multiline', 'content'),
    isVisible: flag(input.isVisible, 'isVisible', 'isVisible') ?? true,
  };
}

export function validateAnnouncementEdit(input: AnnouncementInput) {
  const set: { title?: string; content?: string; isVisible?: boolean } = {};
  if (input.title !== undefined)
    set.title = requiredText(input.title, ANNOUNCEMENT_TEXT.titleRequired, 'Title', TITLE_MAX, undefined, 'title');
  if (input.content !== undefined)
    set.content = requiredText(input.content, ANNOUNCEMENT_TEXT.contentRequired, 'Content', POST_MAX, 'multiline', 'content');
  const visible = flag(input.isVisible, 'isVisible', 'isVisible');
  if (visible !== undefined) set.isVisible = visible;
  return { set, version: versionOf(input.version) };
}
