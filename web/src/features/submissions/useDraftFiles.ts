import { CombinedGraphQLErrors } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { errorMessage } from '../../lib/errors';
import { sendMultipart } from '../../lib/multipart';
import { AttachDraftFileDocument, RemoveDraftFileDocument, type MyDraftFragment } from './submissions.generated';

export const DRAFT_FILE_TEXT = {
  kept: 'saved with your draft',
  failed: 'Failed to save the file with your draft',
  /** A network failure: the file stays in the page and goes with the submit. */
  offline: 'The file could not be saved with your draft yet; it will be sent when you submit',
};

/** What keeping a file with the draft came to: kept (its id and name), refused (the server's text), or not reached. */
export type AttachResult = { kept: { id: string; name: string } } | { refused: string } | { offline: string };

/**
 * Drafts keep files (issue 25 point 6): a long answer's file is sent as soon as it is chosen and kept with the
 * draft, so a reload, or a phone's camera that reloads the tab, loses nothing; removing it removes it from
 * the draft. The draft in the cache follows, so the page shows what the server keeps.
 */
export function useDraftFiles(assessmentId: string) {
  const client = useApolloClient();

  const remember = useCallback(
    (draft: MyDraftFragment) => {
      client.cache.modify({ id: client.cache.identify({ __typename: 'Assessment', id: assessmentId }), fields: { myDraft: () => draft } });
    },
    [client, assessmentId],
  );

  const attach = useCallback(
    async (questionId: string, file: File): Promise<AttachResult> => {
      try {
        const data = await sendMultipart(AttachDraftFileDocument, { input: { assessmentId, questionId }, file: null as unknown as File }, [
          { path: 'variables.file', file },
        ]);
        remember(data.attachDraftFile);
        const kept = data.attachDraftFile.files.find((f) => f.questionId === questionId)?.file;
        return kept ? { kept } : { refused: DRAFT_FILE_TEXT.failed };
      } catch (error) {
        return CombinedGraphQLErrors.is(error)
          ? { refused: errorMessage(error, DRAFT_FILE_TEXT.failed) }
          : { offline: DRAFT_FILE_TEXT.offline };
      }
    },
    [assessmentId, remember],
  );

  /** Resolves to the failure's text, or null. */
  const remove = useCallback(
    async (questionId: string): Promise<string | null> => {
      try {
        const { data } = await client.mutate({ mutation: RemoveDraftFileDocument, variables: { input: { assessmentId, questionId } } });
        if (data) remember(data.removeDraftFile);
        return null;
      } catch (error) {
        return errorMessage(error, DRAFT_FILE_TEXT.failed);
      }
    },
    [client, assessmentId, remember],
  );

  return { attach, remove };
}
