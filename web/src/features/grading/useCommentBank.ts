import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { errorMessage } from '../../lib/errors';
import { useKeyedMessage } from '../../components/useKeyedMessage';
import { AddCommentSnippetDocument, DeleteCommentSnippetDocument, type CommentSnippetFragment } from './grading.generated';

/** The comment bank as a grading block uses it: the snippets, keep one, delete one. */
export interface CommentBank {
  snippets: readonly CommentSnippetFragment[];
  add(text: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** The last failure (a duplicate, a full bank), shown by the block that asked. */
  error: ReturnType<typeof useKeyedMessage>['message'];
  clearError(id?: number): void;
}

/**
 * A teacher's comment bank (issue 25 point 3). The snippets come with the dashboard's one request; keeping or
 * deleting one changes the cached list (the root field myCommentSnippets), so every open block shows it.
 */
export function useCommentBank(snippets: readonly CommentSnippetFragment[]): CommentBank {
  const client = useApolloClient();
  const failure = useKeyedMessage();

  const add = useCallback(
    async (text: string) => {
      failure.show(null);
      try {
        const { data } = await client.mutate({ mutation: AddCommentSnippetDocument, variables: { input: { text } } });
        const added = data?.addCommentSnippet;
        if (!added) return;
        client.cache.modify({
          fields: {
            myCommentSnippets: (list, { toReference }) =>
              Array.isArray(list) ? [...list, toReference({ __typename: 'CommentSnippet', id: added.id })] : list,
          },
        });
      } catch (error) {
        failure.show(errorMessage(error, 'Failed to keep the comment'));
      }
    },
    [client, failure],
  );

  const remove = useCallback(
    async (id: string) => {
      failure.show(null);
      try {
        await client.mutate({ mutation: DeleteCommentSnippetDocument, variables: { id } });
        client.cache.evict({ id: client.cache.identify({ __typename: 'CommentSnippet', id }) });
        client.cache.gc();
      } catch (error) {
        failure.show(errorMessage(error, 'Failed to delete the comment'));
      }
    },
    [client, failure],
  );

  return { snippets, add, remove, error: failure.message, clearError: failure.clear };
}
