import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { addToList, evictObject } from '../../lib/cacheUpdates';
import { errorCode, errorMessage } from '../../lib/errors';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import type { ContentType } from '../../gql/types';
import {
  ContentItemFragmentDoc,
  useCloneContentMutation,
  useDeleteContentMutation,
  useModuleDetailQuery,
  useUpdateContentMutation,
  type ContentItemFragment,
} from './content.generated';
import { downloadContent } from '../../lib/download';
import { fileMatchesType, invalidTypeText } from '../../lib/fileTypes';
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

/**
 * /dashboard/modules/{moduleId}: the module header and its content in one query, with upload, edit, delete, reuse
 * and download. New and deleted items change the cached list from the answers; nothing is fetched again.
 */
export function useModuleDetail(moduleId: string) {
  const client = useApolloClient();
  const moduleQuery = useModuleDetailQuery({ variables: { id: moduleId }, fetchPolicy: 'cache-and-network' });
  const [updateMutation] = useUpdateContentMutation();
  const [deleteMutation] = useDeleteContentMutation();
  const [cloneMutation] = useCloneContentMutation();
  const msgs = useActionMessages();
  /** Upload progress in percent while a file is being sent, else null. */
  const [progress, setProgress] = useState<number | null>(null);

  const module = moduleQuery.data?.module ?? null;
  const notFound = errorCode(moduleQuery.error) === 'NOT_FOUND' || (!moduleQuery.loading && !moduleQuery.error && !module);
  const loadError = moduleQuery.error && !notFound ? errorMessage(moduleQuery.error, 'Failed to fetch module details') : null;
  /** Content items are listed by upload time: a new one goes last. */
  const appendContent = (cache: ApolloCache, id: string) =>
    addToList(cache, { __typename: 'Module', id: moduleId }, 'contents', { __typename: 'Content', id }, 'end');

  const upload = async (fields: ContentFields, file: File): Promise<string | null> => {
    setProgress(0);
    try {
      return await msgs.attempt(
        async () => {
          const { contentType, isVisible } = fields;
          const input = {
            moduleId,
            title: fields.title.trim() || undefined,
            description: fields.description.trim(),
            contentType,
            isVisible,
          };
          const content = await uploadContentFile(input, file, setProgress);
          // sent outside Apollo (for the progress): the answer goes into the cache here
          const id = client.cache.identify({ __typename: 'Content', id: content.id });
          client.cache.writeFragment({ id, fragment: ContentItemFragmentDoc, data: content });
          appendContent(client.cache, content.id);
        },
        'Content uploaded successfully',
        'Failed to upload content',
      );
    } finally {
      setProgress(null);
    }
  };

  const updateContent = (c: ContentRow, fields: ContentFields): Promise<string | null> => {
    const { contentType, isVisible } = fields;
    const input = {
      id: c.id,
      version: c.version,
      title: fields.title.trim(),
      description: fields.description.trim(),
      contentType,
      isVisible,
    };
    return msgs.attempt(() => updateMutation({ variables: { input } }), 'Content updated successfully', 'Failed to update content');
  };

  const toggleVisibility = (c: ContentRow): Promise<boolean> =>
    msgs.act(
      () => updateMutation({ variables: { input: { id: c.id, version: c.version, isVisible: !c.isVisible } } }),
      c.isVisible ? 'Content hidden from students' : 'Content visible to students',
      'Failed to update content',
    );

  const deleteContent = async (c: ContentRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete ${c.title}?`)) return;
    await msgs.act(
      () => deleteMutation({ variables: { id: c.id }, update: (cache) => evictObject(cache, { __typename: 'Content', id: c.id }) }),
      'Content deleted successfully',
      'Failed to delete content',
    );
  };

  const reuseContent = (contentId: string): Promise<string | null> =>
    msgs.attempt(
      () =>
        cloneMutation({
          variables: { input: { contentId, newModuleId: moduleId } },
          update: (cache, { data }) => {
            if (data) appendContent(cache, data.cloneContent.id);
          },
        }),
      'Content reused successfully',
      'Failed to reuse content',
    );

  const download = async (c: ContentRow): Promise<void> => {
    msgs.setActionError(null);
    try {
      await downloadContent(c.id, c.fileName);
    } catch (error) {
      // the REST download has no GraphQL message to show
      console.error('Failed to download file', error);
      msgs.setActionError('Failed to download file');
    }
  };

  return {
    module,
    loading: moduleQuery.loading && !moduleQuery.data,
    notFound: notFound && !module,
    loadError,
    contents: module?.contents ?? [],
    /** Add, Reuse, edit, hide and delete: only for who may change the course (the server says). */
    canManage: module?.course.viewerCanManage ?? false,
    progress,
    success: msgs.success,
    error: msgs.actionError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
    upload,
    updateContent,
    toggleVisibility,
    deleteContent,
    reuseContent,
    download,
  };
}
