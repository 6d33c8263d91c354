import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { CreateUserForm } from './CreateUserForm';
import { EditUserDialog } from './EditUserDialog';
import { ImportUsersDialog } from './ImportUsersDialog';
import { UsersTable } from './UsersTable';
import { useUsers, type UserRow } from './useUsers';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSession } from '../../lib/session';
import { FamilyLinksDialog } from '../families/FamilyLinksDialog';

/**
 * /dashboard/users: create users and list them (spec sections 2 and 6), with search, a role filter and pages;
 * edit a user, resend an invitation, and import users from a CSV file (issue 14, school chores).
 */
export function UsersPage() {
  useDocumentTitle('User Management');
  const users = useUsers();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [family, setFamily] = useState<UserRow | null>(null);
  const { abilities } = useSession();

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 3 }}>
        <Typography variant="h1" component="h1">
          User Management
        </Typography>
        {users.canManage && (
          <Button variant="outlined" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
        )}
      </Box>
      {!users.canManage ? (
        <Alert severity="error" role="alert">
          Unauthorized - You don't have permission to manage users
        </Alert>
      ) : (
        <>
          <Banner severity="success" message={users.success} onClose={users.clearSuccess} />
          <Banner severity="error" message={users.error} onClose={users.clearError} />
          <CreateUserForm assignableRoles={users.assignableRoles} creating={users.creating} onCreate={users.createUser} />
          <UsersTable
            users={users.users}
            total={users.total}
            loading={users.loading}
            page={users.page}
            pageSize={users.pageSize}
            onPageChange={users.setPage}
            onPageSizeChange={users.setPageSize}
            onDelete={(row) => void users.deleteUser(row)}
            search={users.search}
            onSearchChange={users.setSearch}
            roleFilter={users.roleFilter}
            onRoleFilterChange={users.setRoleFilter}
            onEdit={setEditing}
            onResend={(row) => void users.resendInvitation(row)}
            onFamily={abilities?.manageFamilies ? setFamily : undefined}
          />
          {editing && (
            <EditUserDialog
              user={editing}
              assignableRoles={users.assignableRoles}
              isSelf={editing.id === users.currentUserId}
              canChangeEmail={editing.viewerCanChangeEmail}
              onClose={() => setEditing(null)}
              onSave={users.updateUser}
            />
          )}
          {family && <FamilyLinksDialog user={family} onClose={() => setFamily(null)} />}
          {importing && <ImportUsersDialog onClose={() => setImporting(false)} onImport={users.importUsers} />}
        </>
      )}
    </>
  );
}
