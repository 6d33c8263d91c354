import { useState } from 'react';
import { useActionMessages } from '../../components/useActionMessages';
import { useDialogForm, type FieldErrors } from '../../components/useDialogForm';
import { errorMessage } from '../../lib/errors';
import { copyWith } from './SecretOnce';
import type { AccessTokenScope } from '../../gql/types';
import {
  AccessTokensDocument,
  useAccessTokensQuery,
  useCreateAccessTokenMutation,
  useRevokeAccessTokenMutation,
  type AccessTokenRowFragment,
} from './integrations.generated';

export type AccessTokenRow = AccessTokenRowFragment;

/** The lifetimes offered; the server takes any whole number of days from 1 to 365. */
export const TOKEN_DAYS = ['7', '30', '90', '365'] as const;
export type TokenDays = (typeof TOKEN_DAYS)[number];

export interface TokenValues {
  name: string;
  scope: AccessTokenScope;
  days: TokenDays;
}

const NEW_TOKEN: TokenValues = { name: '', scope: 'READ', days: '30' };

const check = (v: TokenValues): FieldErrors<TokenValues> => (v.name.trim() ? {} : { name: 'Name is required' });

/** Settings -> Access tokens: the list (one request), making a token (its secret shown once) and revoking one. */
export function useAccessTokens() {
  const query = useAccessTokensQuery({ fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: [AccessTokensDocument], awaitRefetchQueries: true };
  const [create] = useCreateAccessTokenMutation(refetch);
  const [revokeToken] = useRevokeAccessTokenMutation(refetch);
  const messages = useActionMessages();
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const form = useDialogForm<TokenValues>(NEW_TOKEN, () => setCreating(false));

  const submit = form.submitWith(check, async ({ name, scope, days }) => {
    try {
      const { data } = await create({ variables: { input: { name: name.trim(), scope, expiresInDays: Number(days) } } });
      if (data) setMade({ name: data.createAccessToken.token.name, secret: data.createAccessToken.secret });
      form.replace(NEW_TOKEN);
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to create the token');
    }
  });

  const revoke = (token: AccessTokenRow) =>
    messages.act(() => revokeToken({ variables: { id: token.id } }), `The token ${token.name} was revoked`, 'Failed to revoke the token');

  return {
    tokens: query.data?.accessTokens ?? [],
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load your access tokens') : null,
    creating,
    open: () => setCreating(true),
    form,
    submit,
    made,
    forget: () => setMade(null),
    revoke,
    copy: copyWith(messages),
    messages,
  };
}
