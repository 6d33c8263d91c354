import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useActionMessages } from '../../components/useActionMessages';
import type { RequestEmailChangeInput, UpdateProfileInput } from '../../gql/types';
import { useMyProfileQuery, useRequestEmailChangeMutation, useUpdateProfileMutation } from './account.generated';

export const PROFILE_SAVED = 'Your profile has been updated';

/** Your Profile: the signed-in user as the server has them (one request), and the name change. */
export function useProfile() {
  const { updateUser } = useSession();
  const query = useMyProfileQuery();
  const [updateProfile] = useUpdateProfileMutation();
  const [requestEmailChange] = useRequestEmailChangeMutation({ refetchQueries: ['MyProfile'] });
  const messages = useActionMessages();
  const user = query.data?.me.user ?? null;

  // The answer (and the mutation's, which carries the User with its id and so updates this query in the
  // cache) is the name the server has: the navbar and the user menu show the same.
  useEffect(() => {
    if (user) updateUser(user);
  }, [user, updateUser]);

  /** Resolves to the server's failure text (e.g. 'First name is required'), or null once saved. */
  const save = (input: UpdateProfileInput): Promise<string | null> =>
    messages.attempt(() => updateProfile({ variables: { input } }), PROFILE_SAVED, 'Failed to update your profile');

  /** A new sign-in email: the server mails a link to it; the answer says where (issue 23). */
  const changeEmail = (input: RequestEmailChangeInput): Promise<string | null> =>
    messages.attempt(
      () => requestEmailChange({ variables: { input } }),
      (r) => r.data?.requestEmailChange.message ?? '',
      'Failed to change your email',
    );

  return {
    user,
    changeEmail,
    loading: query.loading && !query.data,
    loadError: query.error && !query.data ? errorMessage(query.error, 'Failed to load your profile') : null,
    save,
    success: messages.success,
    clearSuccess: messages.clearSuccess,
  };
}
