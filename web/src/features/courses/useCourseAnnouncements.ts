import { useCallback, useState } from 'react';
import { errorMessage } from '../../app/errors';
import { confirmAction } from '../../components/confirm';
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
  const [success, setSuccess] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const createAnnouncement = async (f: AnnouncementFields): Promise<string | null> => {
    try {
      await createMutation({ variables: { input: { courseId, title: f.title.trim(), content: f.content.trim(), isVisible: f.isVisible } } });
      await query.refetch();
      setSuccess('Announcement created successfully');
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to create announcement');
    }
  };

  const updateAnnouncement = async (a: AnnouncementRow, f: AnnouncementFields): Promise<string | null> => {
    try {
      await updateMutation({
        variables: { input: { id: a.id, version: a.version, title: f.title.trim(), content: f.content.trim(), isVisible: f.isVisible } },
      });
      setSuccess('Announcement updated successfully');
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to update announcement');
    }
  };

  const deleteAnnouncement = async (a: AnnouncementRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete the announcement ${a.title}?`)) return;
    setActionError(null);
    try {
      await deleteMutation({ variables: { id: a.id } });
      await query.refetch();
      setSuccess('Announcement deleted successfully');
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to delete announcement'));
    }
  };

  return {
    announcements: query.data?.announcements ?? [],
    loading: query.loading && !query.data,
    loadError: query.error ? errorMessage(query.error, 'Failed to fetch announcements') : null,
    success,
    actionError,
    clearSuccess: useCallback(() => setSuccess(null), []),
    clearError: useCallback(() => setActionError(null), []),
    createAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
  };
}
