import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { CreateUserForm } from './CreateUserForm';
import { UsersTable } from './UsersTable';
import { useUsers } from './useUsers';

/** /dashboard/users: create users and list them (spec sections 2 and 6). */
export function UsersPage() {
  const users = useUsers();

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        User Management
      </Typography>
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
            currentUserId={users.currentUserId}
            page={users.page}
            pageSize={users.pageSize}
            onPageChange={users.setPage}
            onPageSizeChange={users.setPageSize}
            onDelete={(row) => void users.deleteUser(row)}
          />
        </>
      )}
    </>
  );
}
