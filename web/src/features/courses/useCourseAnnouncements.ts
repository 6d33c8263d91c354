import { addToList, evictObject } from '../../lib/cacheUpdates';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import {
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUpdateAnnouncementMutation,
  type AnnouncementItemFragment,
  type CourseAnnouncementsTabFragment,
} from './courses.generated';

export type AnnouncementRow = AnnouncementItemFragment;

export interface AnnouncementFields {
  title: string;
  content: string;
  isVisible: boolean;
}

export type AnnouncementErrors = Partial<Record<'title' | 'content', string>>;

/** Title and content required (spec section 5). */
export function validateAnnouncement(f: AnnouncementFields): AnnouncementErrors {
  const errors: AnnouncementErrors = {};
  if (!f.title.trim()) errors.title = 'Title is required';
  if (!f.content.trim()) errors.content = 'Content is required';
  return errors;
}

/**
 * The teacher's Announcements tab: the course's announcements (from the page's query; hidden ones too) and the
 * actions, which update the cached list from their answers.
 */
export function useCourseAnnouncements(course: CourseAnnouncementsTabFragment) {
  const courseId = course.id;
  const [createMutation] = useCreateAnnouncementMutation();
  const [updateMutation] = useUpdateAnnouncementMutation();
  const [deleteMutation] = useDeleteAnnouncementMutation();
  const msgs = useActionMessages();

  const createAnnouncement = (f: AnnouncementFields): Promise<string | null> =>
    msgs.attempt(
      () =>
        createMutation({
          variables: { input: { courseId, title: f.title.trim(), content: f.content.trim(), isVisible: f.isVisible } },
          // newest first, as the server lists them
          update: (cache, { data }) => {
            if (data)
              addToList(
                cache,
                { __typename: 'Course', id: courseId },
                'announcements',
                { __typename: 'Announcement', id: data.createAnnouncement.id },
                'start',
              );
          },
        }),
      'Announcement created successfully',
      'Failed to create announcement',
    );

  const updateAnnouncement = (a: AnnouncementRow, f: AnnouncementFields): Promise<string | null> =>
    msgs.attempt(
      () =>
        updateMutation({
          variables: { input: { id: a.id, version: a.version, title: f.title.trim(), content: f.content.trim(), isVisible: f.isVisible } },
        }),
      'Announcement updated successfully',
      'Failed to update announcement',
    );

  const deleteAnnouncement = async (a: AnnouncementRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete the announcement ${a.title}?`)) return;
    await msgs.act(
      () => deleteMutation({ variables: { id: a.id }, update: (cache) => evictObject(cache, { __typename: 'Announcement', id: a.id }) }),
      'Announcement deleted successfully',
      'Failed to delete announcement',
    );
  };

  return {
    announcements: course.announcements,
    canManage: course.viewerCanManage,
    success: msgs.success,
    actionError: msgs.actionError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    createAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
  };
}
