import { useState } from 'react';
import { dropPages, evictObject } from '../../lib/cacheUpdates';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import { useDebounced } from '../../components/useDebounced';
import { useCursorPages } from '../../components/useCursorPages';
import type { CreateUserInput, ImportUserRowInput, Role, UpdateUserInput } from '../../gql/types';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useImportUsersMutation,
  useResendInvitationMutation,
  useUpdateUserMutation,
  useUsersQuery,
  type ImportUsersMutation,
  type UserRowFragment,
  type UsersQuery,
} from './users.generated';

export type UserRow = UserRowFragment;

export const DEFAULT_PAGE_SIZE = 50;

export type ImportAnswer = ImportUsersMutation['importUsers'];

/** Drops the cached pages of `users`: where new or changed users fall and the totals are the server's to say. */
const dropUserPages = (cache: Parameters<typeof dropPages>[0]) => dropPages(cache, 'users');

/** Data and actions of the User Management page; access comes from `me.abilities.manageUsers`. */
/** What the users page says after asking for a new sign-in email (the server's EMAIL_CHANGE_TEXT.sent). */
export const emailChangeSentText = (email: string) => `A confirmation link was sent to ${email}. The email changes when it is opened.`;

export function useUsers() {
  const { user, abilities } = useSession();
  const canManage = abilities?.manageUsers ?? false;
  const pages = useCursorPages();
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<Role | ''>('');
  const debouncedSearch = useDebounced(search.trim(), 300);
  const messages = useActionMessages();
  const assignableRoles = abilities?.assignableRoles ?? [];

  const usersQuery = useUsersQuery({
    variables: { search: debouncedSearch || null, role: roleFilter || null, after: pages.after, first: pageSize },
    skip: !canManage,
    fetchPolicy: 'cache-and-network',
  });
  // while another search or page loads, the last rows stay on screen
  const shown = usersQuery.data ?? usersQuery.previousData;
  const [createUserMutation, createState] = useCreateUserMutation();
  const [deleteUserMutation] = useDeleteUserMutation();
  const [updateUserMutation] = useUpdateUserMutation();
  const [resendInvitationMutation] = useResendInvitationMutation();
  const [importUsersMutation] = useImportUsersMutation();

  const loadError = usersQuery.error ? errorMessage(usersQuery.error, 'Failed to fetch users') : null;

  /** Resolves true when the user was created (the form then resets). */
  const createUser = (input: CreateUserInput): Promise<boolean> =>
    messages.act(
      () =>
        createUserMutation({
          variables: { input },
          // Where the new user falls (pages sorted by name) and the totals are the server's to say: the cached
          // pages are dropped, and the page on screen asks for its rows again by itself.
          update: dropUserPages,
        }),
      'User created successfully. An invitation email has been sent.',
      'Failed to create user',
    );

  const deleteUser = async (row: UserRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete ${row.firstName} ${row.lastName}?`)) return;
    await messages.act(
      async () => {
        await deleteUserMutation({
          variables: { id: row.id },
          // deleteUser answers true: the row leaves the cache, and the cached pages count one fewer
          update: (cache) => {
            evictObject(cache, { __typename: 'User', id: row.id });
            cache.modify<{ users: UsersQuery['users'] }>({
              id: 'ROOT_QUERY',
              fields: {
                users: (value, { isReference }) =>
                  isReference(value) ? value : { ...value, totalCount: Math.max(0, value.totalCount - 1) },
              },
            });
          },
        });
        // Step back when the last row of a later page went away.
        const remaining = (usersQuery.data?.users.nodes.length ?? 1) - 1;
        if (remaining === 0 && pages.page > 0) pages.setPage(pages.page - 1, null);
      },
      'User deleted successfully',
      'Failed to delete user',
    );
  };

  /** The edit dialog's save: resolves to the failure's text, or null (the dialog then closes). */
  const updateUser = (input: UpdateUserInput): Promise<string | null> =>
    messages.attempt(
      // a changed name or role may move the user to another page or out of the filter
      () => updateUserMutation({ variables: { input }, update: dropUserPages }),
      // a new sign-in email waits for the link mailed to it (issue 23): say where it went
      (result) => {
        const pending = result.data?.updateUser.pendingEmail;
        return pending && pending === input.email?.toLowerCase() ? emailChangeSentText(pending) : 'User updated successfully';
      },
      'Failed to update user',
    );

  const resendInvitation = (row: UserRow): Promise<boolean> =>
    messages.act(
      () => resendInvitationMutation({ variables: { id: row.id } }),
      `A new invitation has been sent to ${row.email}`,
      'Failed to send the invitation',
    );

  /** A preview (`dryRun`) or the import itself; throws the server's refusal for the dialog to show. */
  const importUsers = async (rows: ImportUserRowInput[], mode: { dryRun: boolean; onlyIfAllValid: boolean }): Promise<ImportAnswer> => {
    const answer = await importUsersMutation({
      variables: { input: { rows, ...mode } },
      update: (cache, { data }) => {
        if (data?.importUsers.createdCount) dropUserPages(cache);
      },
    });
    if (!answer.data) throw new Error('Failed to import users');
    const { createdCount, linkCount } = answer.data.importUsers;
    if (createdCount)
      messages.setSuccess(
        `${createdCount} ${createdCount === 1 ? 'user' : 'users'} imported${linkCount ? ` and ${linkCount} family ${linkCount === 1 ? 'link' : 'links'} made` : ''}. Invitation ${createdCount === 1 ? 'email has' : 'emails have'} been sent.`,
      );
    return answer.data.importUsers;
  };

  return {
    canManage,
    currentUserId: user?.id ?? null,
    assignableRoles,
    users: shown?.users.nodes ?? [],
    total: shown?.users.totalCount ?? 0,
    loading: usersQuery.loading && !shown,
    search,
    setSearch: (value: string) => {
      setSearch(value);
      pages.reset();
    },
    roleFilter,
    setRoleFilter: (value: Role | '') => {
      setRoleFilter(value);
      pages.reset();
    },
    creating: createState.loading,
    page: pages.page,
    pageSize,
    setPage: (next: number) => pages.setPage(next, usersQuery.data?.users.pageInfo.endCursor ?? null),
    setPageSize: (size: number) => {
      setPageSize(size);
      pages.reset();
    },
    success: messages.success,
    error: messages.actionError ?? loadError,
    clearSuccess: messages.clearSuccess,
    clearError: messages.clearError,
    createUser,
    deleteUser,
    updateUser,
    resendInvitation,
    importUsers,
  };
}
