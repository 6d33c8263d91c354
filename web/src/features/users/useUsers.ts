import { useState } from 'react';
import { evictObject } from '../../app/cacheUpdates';
import { errorMessage } from '../../app/errors';
import { useSession } from '../../app/session';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import type { CreateUserInput } from '../../gql/types';
import { useCreateUserMutation, useDeleteUserMutation, useUsersQuery, type UserRowFragment, type UsersQuery } from './users.generated';

export type UserRow = UserRowFragment;

export const DEFAULT_PAGE_SIZE = 50;

/** Data and actions of the User Management page; access comes from `me.abilities.manageUsers`. */
export function useUsers() {
  const { user, abilities } = useSession();
  const canManage = abilities?.manageUsers ?? false;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const messages = useActionMessages();

  const usersQuery = useUsersQuery({
    variables: { offset: page * pageSize, limit: pageSize },
    skip: !canManage,
    fetchPolicy: 'cache-and-network',
  });
  const [createUserMutation, createState] = useCreateUserMutation();
  const [deleteUserMutation] = useDeleteUserMutation();

  const loadError = usersQuery.error ? errorMessage(usersQuery.error, 'Failed to fetch users') : null;

  /** Resolves true when the user was created (the form then resets). */
  const createUser = (input: CreateUserInput): Promise<boolean> =>
    messages.act(
      () =>
        createUserMutation({
          variables: { input },
          // Where the new user falls (pages sorted by name) and the totals are the server's to say: the cached
          // pages are dropped, and the page on screen asks for its rows again by itself.
          update: (cache) => {
            cache.evict({ id: 'ROOT_QUERY', fieldName: 'users' });
            cache.gc();
          },
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
              fields: { users: (value, { isReference }) => (isReference(value) ? value : { ...value, total: Math.max(0, value.total - 1) }) },
            });
          },
        });
        // Step back when the last row of a later page went away.
        const remaining = (usersQuery.data?.users.items.length ?? 1) - 1;
        if (remaining === 0 && page > 0) setPage(page - 1);
      },
      'User deleted successfully',
      'Failed to delete user',
    );
  };

  return {
    canManage,
    currentUserId: user?.id ?? null,
    assignableRoles: abilities?.assignableRoles ?? [],
    users: usersQuery.data?.users.items ?? [],
    total: usersQuery.data?.users.total ?? 0,
    loading: usersQuery.loading && !usersQuery.data,
    creating: createState.loading,
    page,
    pageSize,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(0);
    },
    success: messages.success,
    error: messages.actionError ?? loadError,
    clearSuccess: messages.clearSuccess,
    clearError: messages.clearError,
    createUser,
    deleteUser,
  };
}
