import { useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/errors';
import type { ImportUserRowInput } from '../../gql/types';
import { MAX_IMPORT_ROWS, parseUsersCsv } from './csvUsers';
import type { ImportAnswer } from './useUsers';

interface ImportUsersDialogProps {
  onClose(): void;
  onImport(rows: ImportUserRowInput[], mode: { dryRun: boolean; onlyIfAllValid: boolean }): Promise<ImportAnswer>;
}

/**
 * Import users from a CSV file: the server checks every row first (a preview with each row's error) and
 * nothing is written until the user imports, either the whole file (only when every row is valid) or, by
 * choice, the valid rows alone.
 */
export function ImportUsersDialog({ onClose, onImport }: ImportUsersDialogProps) {
  const [rows, setRows] = useState<ImportUserRowInput[] | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e, failed));
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setRows(null);
    setPreview(null);
    void run(async () => {
      const parsed = await parseUsersCsv(file);
      if ('error' in parsed) {
        setError(parsed.error);
        return;
      }
      setRows(parsed.rows);
      setPreview(await onImport(parsed.rows, { dryRun: true, onlyIfAllValid: true }));
    }, 'Failed to read the file');
  };

  const importRows = (onlyIfAllValid: boolean) =>
    void run(async () => {
      if (!rows) return;
      const answer = await onImport(rows, { dryRun: false, onlyIfAllValid });
      if (answer.createdCount > 0) {
        onClose();
        return;
      }
      // something changed since the preview (an email was taken meanwhile): show the rows as they are now
      setPreview(answer);
      setError('Nothing was imported: some rows are not valid any more.');
    }, 'Failed to import users');

  const byRow = new Map((rows ?? []).map((r, i) => [i + 1, r]));
  const valid = preview?.validCount ?? 0;
  const invalid = preview?.invalidCount ?? 0;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-users-heading">
      <DialogTitle id="import-users-heading">Import Users from CSV</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          A CSV file with a header row naming the columns firstName, lastName, email and role (at most{' '}
          {MAX_IMPORT_ROWS.toLocaleString('en')} users). Every row is checked before anything is written; each new user is Pending and
          receives an invitation email.
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          To link families (SuperAdmin and Admin), add a column parentEmails to Student rows, or childEmails to Parent rows: one or more
          emails separated by ';', each of a Parent (or Student) in the same file or already in the school. Example: header{' '}
          <code>firstName,lastName,email,role,parentEmails</code>, row{' '}
          <code>Emma,Johnson,emma@school.org,Student,anna@mail.com;mark@mail.com</code>.
        </Typography>
        <Button component="label" variant="outlined" disabled={busy}>
          Choose CSV File
          <input hidden type="file" accept=".csv,text/csv" aria-label="CSV file" onChange={choose} />
        </Button>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {preview && (
          <Box sx={{ mt: 2 }}>
            <Alert severity={invalid ? 'warning' : 'success'} sx={{ mb: 1 }}>
              {valid} valid {valid === 1 ? 'row' : 'rows'}, {invalid} invalid {invalid === 1 ? 'row' : 'rows'}.
              {invalid > 0 && ' Fix the file and choose it again, or import only the valid rows.'}
            </Alert>
            {/* focusable, so that a keyboard can scroll a long file */}
            <TableContainer sx={{ maxHeight: 360 }} tabIndex={0} role="region" aria-label="Rows of the file">
              <Table size="small" stickyHeader aria-label="Import preview">
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    <TableCell>Name</TableCell>
                    <TableCell>Email</TableCell>
                    <TableCell>Role</TableCell>
                    <TableCell>Check</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((r) => {
                    const source = byRow.get(r.row);
                    return (
                      <TableRow key={r.row}>
                        <TableCell>{r.row}</TableCell>
                        <TableCell>{`${source?.firstName ?? ''} ${source?.lastName ?? ''}`.trim()}</TableCell>
                        <TableCell>{r.email}</TableCell>
                        <TableCell>{source?.role}</TableCell>
                        <TableCell sx={{ color: r.error ? 'error.main' : 'success.main' }}>{r.error ?? 'Valid'}</TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {invalid > 0 && valid > 0 && (
          <Button variant="outlined" disabled={busy} onClick={() => importRows(false)}>
            Import {valid} Valid {valid === 1 ? 'Row' : 'Rows'}
          </Button>
        )}
        <Button variant="contained" disabled={busy || !preview || invalid > 0 || valid === 0} onClick={() => importRows(true)}>
          Import All
        </Button>
      </DialogActions>
    </Dialog>
  );
}
