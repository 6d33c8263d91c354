import { errorMessage } from '../../app/errors';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import { useCourseAnnouncementsQuery, useCreateAnnouncementMutation, useDeleteAnnouncementMutation, useUpdateAnnouncementMutation, type AnnouncementItemFragment } from './courses.generated';

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

/** A course's announcements (teachers see hidden ones too; the server filters for students). */
export function useCourseAnnouncements(courseId: string) {
  const query = useCourseAnnouncementsQuery({ variables: { courseId }, fetchPolicy: 'cache-and-network' });
  const [createMutation] = useCreateAnnouncementMutation();
  const [updateMutation] = useUpdateAnnouncementMutation();
  const [deleteMutation] = useDeleteAnnouncementMutation();
  const msgs = useActionMessages();

  const createAnnouncement = (f: AnnouncementFields): Promise<string | null> =>
    msgs.attempt(
      async () => {
        await createMutation({ variables: { input: { courseId, title: f.title.trim(), content: f.content.trim(), isVisible: f.isVisible } } });
        await query.refetch();
      },
      'Announcement created successfully',
      'Failed to create announcement',
    );

  const updateAnnouncement = (a: AnnouncementRow, f: AnnouncementFields): Promise<string | null> =>
    msgs.attempt(
      () => updateMutation({ variables: { input: { id: a.id, version: a.version, title: f.title.trim(), content: f.content.trim(), isVisible: f.isVisible } } }),
      'Announcement updated successfully',
      'Failed to update announcement',
    );

  const deleteAnnouncement = async (a: AnnouncementRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete the announcement ${a.title}?`)) return;
    await msgs.act(
      async () => {
        await deleteMutation({ variables: { id: a.id } });
        await query.refetch();
      },
      'Announcement deleted successfully',
      'Failed to delete announcement',
    );
  };

  return {
    announcements: query.data?.announcements ?? [],
    loading: query.loading && !query.data,
    loadError: query.error ? errorMessage(query.error, 'Failed to fetch announcements') : null,
    success: msgs.success,
    actionError: msgs.actionError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    createAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
  };
}
