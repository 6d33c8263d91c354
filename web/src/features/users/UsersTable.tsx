import type { Role } from '../../gql/types';
import { ALL_ROLES, ROLE_LABEL } from '../../lib/roles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ResponsiveTable, TablePager } from '../../components/ResponsiveTable';
import type { UserRow } from './useUsers';

const ROLE_COLOURS: Record<Role, ChipProps['color']> = {
  SUPER_ADMIN: 'error',
  ADMIN: 'secondary',
  TEACHER: 'primary',
  STUDENT: 'info',
  PARENT: 'success',
};

interface UsersTableProps {
  users: UserRow[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
  onDelete(user: UserRow): void;
  search: string;
  onSearchChange(search: string): void;
  roleFilter: Role | '';
  onRoleFilterChange(role: Role | ''): void;
  onEdit(user: UserRow): void;
  onResend(user: UserRow): void;
  /** Opens a parent's or student's family links; absent when the viewer may not link (abilities.manageFamilies). */
  onFamily?(user: UserRow): void;
}

export function UsersTable(props: UsersTableProps) {
  const { users, total, loading, page, pageSize, onPageChange, onPageSizeChange, onDelete } = props;
  const { search, onSearchChange, roleFilter, onRoleFilterChange, onEdit, onResend, onFamily } = props;

  return (
    <Paper component="section" aria-labelledby="users-title" variant="outlined">
      <Box sx={{ p: 2, pb: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="users-title" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          Users
        </Typography>
        <TextField
          id="users-search"
          label="Search users"
          type="search"
          size="small"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
        />
        <TextField
          id="users-role-filter"
          label="Filter by role"
          select
          size="small"
          value={roleFilter}
          onChange={(e) => onRoleFilterChange(e.target.value as Role | '')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 150 }}
        >
          <option value="">All roles</option>
          {ALL_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </TextField>
      </Box>
      <ResponsiveTable columns={['Name', 'Email', 'Role', 'Status', 'Actions']} aria-labelledby="users-title">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{loading ? 'Loading users...' : 'No users found.'}</TableCell>
            </TableRow>
          )}
          {users.map((u) => {
            const name = `${u.firstName} ${u.lastName}`;
            return (
              <TableRow key={u.id} hover>
                <TableCell>{name}</TableCell>
                <TableCell>{u.email}</TableCell>
                <TableCell>
                  <Chip size="small" label={ROLE_LABEL[u.role]} color={ROLE_COLOURS[u.role]} />
                </TableCell>
                <TableCell>
                  {/* deactivated: a OneRoster bulk import no longer listed them (issue 27) */}
                  <Chip
                    size="small"
                    variant={u.activated && !u.deactivatedAt ? 'filled' : 'outlined'}
                    color={u.deactivatedAt ? 'warning' : u.activated ? 'success' : 'default'}
                    label={u.deactivatedAt ? 'Deactivated' : u.activated ? 'Active' : 'Pending'}
                  />
                </TableCell>
                <TableCell align="right">
                  {/* each button only when the server says this viewer may (viewerCanEdit, viewerCanDelete) */}
                  <Box sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                    {u.viewerCanEdit && (
                      <Button size="small" variant="outlined" aria-label={`Edit ${name}`} onClick={() => onEdit(u)}>
                        Edit
                      </Button>
                    )}
                    {u.viewerCanEdit && u.activated === false && (
                      <Button size="small" variant="outlined" aria-label={`Resend invitation to ${name}`} onClick={() => onResend(u)}>
                        Resend Invitation
                      </Button>
                    )}
                    {onFamily && (u.role === 'PARENT' || u.role === 'STUDENT') && (
                      <Button size="small" variant="outlined" aria-label={`Family of ${name}`} onClick={() => onFamily(u)}>
                        Family
                      </Button>
                    )}
                    {u.viewerCanDelete && (
                      <Button size="small" color="error" variant="outlined" aria-label={`Delete ${name}`} onClick={() => onDelete(u)}>
                        Delete
                      </Button>
                    )}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </ResponsiveTable>
      <TablePager count={total} page={page} pageSize={pageSize} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />
    </Paper>
  );
}
