import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Banner, type BannerMessage } from '../../components/Banner';
import { ResponsiveTable, TablePager } from '../../components/ResponsiveTable';
import type { TablePages } from './useTablePages';
import { Spinner } from '../../components/Spinner';
import { NO_PERMISSION_TEXT } from './academicShared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

interface Banners {
  success: BannerMessage;
  error: BannerMessage;
  clearSuccess(id?: number): void;
  clearError(id?: number): void;
}

interface ManagementPageProps {
  title: string;
  allowed: boolean;
  banners: Banners;
  children: ReactNode;
}

/** Title, then either the permission text or the page's banners and content. */
export function ManagementPage({ title, allowed, banners, children }: ManagementPageProps) {
  useDocumentTitle(title);
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {!allowed ? (
        <Alert severity="error" role="alert">
          {NO_PERMISSION_TEXT}
        </Alert>
      ) : (
        <>
          <Banner severity="success" message={banners.success} onClose={banners.clearSuccess} />
          <Banner severity="error" message={banners.error} onClose={banners.clearError} />
          {children}
        </>
      )}
    </>
  );
}

interface FormCardProps {
  id: string;
  title: string;
  editing: boolean;
  saving: boolean;
  /** While the item to edit loads, a spinner shows instead of the fields. */
  loading?: boolean;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
  children: ReactNode;
}

/** The create/edit form of a management page: Create in create mode, Update and Cancel in edit mode. */
export function FormCard({ id, title, editing, saving, loading, onSubmit, onCancel, children }: FormCardProps) {
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={`${id}-title`} variant="h2" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {loading ? (
        <Spinner />
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
        >
          {children}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={saving}>
              {editing ? 'Update' : 'Create'}
            </Button>
            {editing && (
              <Button type="button" variant="outlined" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Box>
        </Box>
      )}
    </Paper>
  );
}

/** A full-width cell of the form grid. */
export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}

interface ActiveSwitchProps {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

/** The isActive switch of years, classes and subjects. */
export function ActiveSwitch({ id, checked, onChange }: ActiveSwitchProps) {
  return <FormControlLabel control={<Switch id={id} checked={checked} onChange={(e) => onChange(e.target.checked)} />} label="Active" />;
}

export function StatusChip({ active }: { active: boolean }) {
  return (
    <Chip
      size="small"
      label={active ? 'Active' : 'Inactive'}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
    />
  );
}

interface RowActionsProps {
  /** What the row is, for the buttons' accessible names ("Edit {label}", "Delete {label}"). */
  label: string;
  onEdit(): void;
  onDelete(): void;
  deleting?: boolean;
}

/** The pencil and bin actions of a list row. */
export function RowActions({ label, onEdit, onDelete, deleting }: RowActionsProps) {
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      <IconButton aria-label={`Edit ${label}`} size="small" color="primary" onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={`Delete ${label}`} size="small" color="error" onClick={onDelete} disabled={deleting}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export interface ListCardProps {
  id: string;
  title: string;
  /** Controls beside the title (e.g. a filter). */
  toolbar?: ReactNode;
  columns: string[];
  loading: boolean;
  empty: string;
  count: number;
  /** A paged list's pages (one request each); none for a list shown whole. */
  pagination?: TablePages;
  children: ReactNode;
}

/** The list half of a management page: a titled table with a loading and an empty row. */
export function ListCard({ id, title, toolbar, columns, loading, empty, count, pagination, children }: ListCardProps) {
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} variant="outlined">
      <Box sx={{ p: 2, pb: 1, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={`${id}-title`} variant="h2" component="h2">
          {title}
        </Typography>
        {toolbar}
      </Box>
      <ResponsiveTable columns={columns} aria-labelledby={`${id}-title`} size="small">
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c} align={i === columns.length - 1 && c === 'Actions' ? 'right' : 'left'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {count === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>{loading ? 'Loading...' : empty}</TableCell>
            </TableRow>
          )}
          {children}
        </TableBody>
      </ResponsiveTable>
      {pagination && <TablePager {...pagination} />}
    </Paper>
  );
}
