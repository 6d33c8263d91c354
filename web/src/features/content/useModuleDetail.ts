import { useCallback, useState } from 'react';
import { errorCode, errorMessage } from '../../app/errors';
import { confirmAction } from '../../components/confirm';
import type { ContentType } from '../../gql/types';
import { useCloneContentMutation, useDeleteContentMutation, useModuleContentsQuery, useModuleDetailQuery, useUpdateContentMutation, type ContentItemFragment } from './content.generated';
import { downloadContent } from './download';
import { fileMatchesType, invalidTypeText } from './fileTypes';
import { uploadContentFile } from './upload';

export type ContentRow = ContentItemFragment;

export interface ContentFields {
  title: string;
  description: string;
  contentType: ContentType;
  isVisible: boolean;
}

/** Checks before sending: a file is required and must match the chosen type (spec section 5). */
export function validateUpload(file: File | null, type: ContentType): string | null {
  if (!file) return 'Please select a file to upload';
  if (!fileMatchesType(file, type)) return invalidTypeText(type);
  return null;
}

/** /dashboard/modules/{moduleId}: the module header and its content, with upload, edit, delete, reuse, download. */
export function useModuleDetail(moduleId: string) {
  const moduleQuery = useModuleDetailQuery({ variables: { id: moduleId }, fetchPolicy: 'cache-and-network' });
  const contentsQuery = useModuleContentsQuery({ variables: { moduleId }, fetchPolicy: 'cache-and-network' });
  const [updateMutation] = useUpdateContentMutation();
  const [deleteMutation] = useDeleteContentMutation();
  const [cloneMutation] = useCloneContentMutation();
  const [success, setSuccess] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  /** Upload progress in percent while a file is being sent, else null. */
  const [progress, setProgress] = useState<number | null>(null);

  const module = moduleQuery.data?.module ?? null;
  const notFound = errorCode(moduleQuery.error) === 'NOT_FOUND' || (!moduleQuery.loading && !moduleQuery.error && !module);
  const loadError = moduleQuery.error && !notFound ? errorMessage(moduleQuery.error, 'Failed to fetch module details') : null;
  const contentsError = contentsQuery.error ? errorMessage(contentsQuery.error, 'Failed to fetch content') : null;

  const upload = async (fields: ContentFields, file: File): Promise<string | null> => {
    setProgress(0);
    try {
      await uploadContentFile(
        {
          moduleId,
          title: fields.title.trim() || undefined,
          description: fields.description.trim(),
          contentType: fields.contentType,
          isVisible: fields.isVisible,
        },
        file,
        setProgress,
      );
      await contentsQuery.refetch();
      setSuccess('Content uploaded successfully');
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to upload content');
    } finally {
      setProgress(null);
    }
  };

  const updateContent = async (c: ContentRow, fields: ContentFields): Promise<string | null> => {
    try {
      await updateMutation({
        variables: {
          input: {
            id: c.id,
            version: c.version,
            title: fields.title.trim(),
            description: fields.description.trim(),
            contentType: fields.contentType,
            isVisible: fields.isVisible,
          },
        },
      });
      setSuccess('Content updated successfully');
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to update content');
    }
  };

  const toggleVisibility = async (c: ContentRow): Promise<void> => {
    setActionError(null);
    try {
      await updateMutation({ variables: { input: { id: c.id, version: c.version, isVisible: !c.isVisible } } });
      setSuccess(c.isVisible ? 'Content hidden from students' : 'Content visible to students');
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to update content'));
    }
  };

  const deleteContent = async (c: ContentRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete ${c.title}?`)) return;
    setActionError(null);
    try {
      await deleteMutation({ variables: { id: c.id } });
      await contentsQuery.refetch();
      setSuccess('Content deleted successfully');
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to delete content'));
    }
  };

  const reuseContent = async (contentId: string): Promise<string | null> => {
    try {
      await cloneMutation({ variables: { input: { contentId, newModuleId: moduleId } } });
      await contentsQuery.refetch();
      setSuccess('Content reused successfully');
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to reuse content');
    }
  };

  const download = async (c: ContentRow): Promise<void> => {
    setActionError(null);
    try {
      await downloadContent(c.id, c.fileName);
    } catch (error) {
      console.error('Failed to download file', error);
      setActionError('Failed to download file');
    }
  };

  return {
    module,
    loading: moduleQuery.loading && !moduleQuery.data,
    notFound: notFound && !module,
    loadError,
    contents: contentsQuery.data?.contents ?? [],
    contentsLoading: contentsQuery.loading && !contentsQuery.data,
    progress,
    success,
    error: actionError ?? contentsError,
    clearSuccess: useCallback(() => setSuccess(null), []),
    clearError: useCallback(() => setActionError(null), []),
    upload,
    updateContent,
    toggleVisibility,
    deleteContent,
    reuseContent,
    download,
  };
}
