import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSession } from '../../lib/session';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { AuditKind } from '../../gql/types';
import type { AuditEventRowFragment } from './audit.generated';
import { useAuditLog } from './useAuditLog';

const KINDS: Array<[AuditKind, string]> = [
  ['EMAIL_CHANGE_REQUESTED', 'Email change requested'],
  ['EMAIL_CHANGED', 'Email changed'],
  ['EMAIL_CHANGE_REPORTED', 'Email change reported'],
  ['USER_CREATED', 'Account created'],
  ['USER_NAME_CHANGED', 'Name changed'],
  ['USER_ROLE_CHANGED', 'Role changed'],
  ['USER_DELETED', 'Account deleted'],
  ['PASSWORD_CHANGED', 'Password changed'],
  ['PASSWORD_RESET', 'Password set by link'],
  ['FAMILY_LINKED', 'Parent linked'],
  ['FAMILY_UNLINKED', 'Parent unlinked'],
  ['ROLE_SWITCHED', 'Role switched'],
  ['ACTED_WHILE_SWITCHED', 'Change while viewing as another role'],
  ['GRADE_CHANGED', 'Grade changed'],
  ['SUBMISSIONS_DELETED', 'Submissions deleted'],
];

const COLUMNS = ['When', 'Who', 'What', 'Whom', 'Change', 'Where'];

function who(e: AuditEventRowFragment) {
  if (!e.actorName) return 'System';
  return e.impersonating ? `${e.actorName} (${e.actorRole}, viewing as ${e.actingRole})` : `${e.actorName} (${e.actorRole})`;
}

function change(e: AuditEventRowFragment) {
  const fromTo = e.from !== null || e.to !== null ? `${e.from ?? '—'} → ${e.to ?? '—'}` : '';
  return [fromTo, e.note].filter(Boolean).join('; ');
}

/**
 * /dashboard/audit (beyond the spec, issue 23): SuperAdmin and Admin read who changed whose account, every role
 * switch and what was done under it, and every grade change; a teacher sees the grade changes of their courses.
 */
export function AuditPage() {
  const { activeRole } = useSession();
  const teacher = activeRole === 'TEACHER';
  const title = teacher ? 'Grade History' : 'Audit Log';
  useDocumentTitle(title);
  const log = useAuditLog();
  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {teacher
          ? 'Every grade change in the courses you teach: who, when, from and to.'
          : 'Changes to accounts, role switches and what was done under them, and grade changes. Rows are never changed or removed.'}
      </Typography>
      {log.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {log.error}
        </Alert>
      )}
      <Paper variant="outlined" component="section" aria-label="Filters" sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          id="audit-person"
          label="Person"
          type="search"
          size="small"
          value={log.person}
          onChange={(e) => log.setPerson(e.target.value)}
          helperText="Who acted or was acted on"
        />
        {!teacher && (
          <TextField
            id="audit-kind"
            label="Kind"
            select
            size="small"
            value={log.kind}
            onChange={(e) => log.setKind(e.target.value as AuditKind | '')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 220 }}
          >
            <option value="">All kinds</option>
            {KINDS.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </TextField>
        )}
        <TextField
          id="audit-from"
          label="From"
          type="date"
          size="small"
          value={log.fromDay}
          onChange={(e) => log.setFromDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="audit-to"
          label="To"
          type="date"
          size="small"
          value={log.toDay}
          onChange={(e) => log.setToDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Paper>
      <Typography role="status" sx={{ mb: 1 }}>
        {log.loading && !log.rows.length ? 'Loading...' : `${log.total} ${log.total === 1 ? 'entry' : 'entries'}`}
      </Typography>
      <ResponsiveTable columns={COLUMNS} container={Paper} containerProps={{ variant: 'outlined' }} size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {log.rows.length === 0 && !log.loading && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>Nothing on record matches these filters.</TableCell>
            </TableRow>
          )}
          {log.rows.map((e) => (
            <TableRow key={e.id} data-kind={e.kind}>
              <TableCell>{formatDateTime(e.at as string)}</TableCell>
              <TableCell>{who(e)}</TableCell>
              <TableCell>{e.label}</TableCell>
              <TableCell>{e.targetName ?? ''}</TableCell>
              <TableCell>{change(e)}</TableCell>
              <TableCell>{[e.courseTitle, e.assessmentTitle].filter(Boolean).join(' / ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ResponsiveTable>
      {log.hasMore && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={log.loadMore} disabled={log.loading}>
            Load more
          </Button>
        </Box>
      )}
    </Box>
  );
}
