import { useState } from 'react';
import type { ApolloCache, Reference } from '@apollo/client';
import { evictObject } from '../../lib/cacheUpdates';
import { errorMessage } from '../../lib/errors';
import { useActionMessages } from '../../components/useActionMessages';
import { useDialogForm, type FieldErrors } from '../../components/useDialogForm';
import { useChangePasswordMutation, useEndSessionMutation, useMySessionsQuery, type AccountSessionRowFragment } from './account.generated';

export type AccountSessionRow = AccountSessionRowFragment;

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const NO_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

function checkPasswords(values: PasswordValues): FieldErrors<PasswordValues> {
  const errors: FieldErrors<PasswordValues> = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

/** The server signed out every other session of the account: the cached list keeps only this one. */
function keepCurrentSession(cache: ApolloCache): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      mySessions: (existing: readonly Reference[], { readField }) => existing.filter((ref) => readField<boolean>('current', ref)),
    },
  });
  cache.gc();
}

/** Settings, Change Password: the current password and the new one twice; on success the server's message. */
export function useChangePassword() {
  const [changePassword] = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const form = useDialogForm<PasswordValues>(NO_PASSWORDS, () => undefined);

  const submit = form.submitWith(checkPasswords, async ({ currentPassword, newPassword }) => {
    form.setError(null);
    setDone(null);
    try {
      const { data } = await changePassword({ variables: { input: { currentPassword, newPassword } }, update: keepCurrentSession });
      form.replace(NO_PASSWORDS);
      setDone(data?.changePassword.message ?? null);
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to change your password');
    }
  });

  return { form, submit, done, clearDone: () => setDone(null) };
}

/** Settings, Active Sessions: where the account is signed in (one request), and signing one out. */
export function useAccountSessions() {
  const query = useMySessionsQuery();
  const [endSession] = useEndSessionMutation();
  const messages = useActionMessages();

  const signOut = (session: AccountSessionRow): Promise<boolean> =>
    messages.act(
      // endSession answers true: the session leaves the cache and so the list
      () =>
        endSession({
          variables: { id: session.id },
          update: (cache) => evictObject(cache, { __typename: 'AccountSession', id: session.id }),
        }),
      'The session was signed out',
      'Failed to sign out the session',
    );

  return {
    sessions: query.data?.mySessions ?? [],
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load your sessions') : null,
    signOut,
    success: messages.success,
    error: messages.actionError,
    clearSuccess: messages.clearSuccess,
    clearError: messages.clearError,
  };
}
