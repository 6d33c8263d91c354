import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { formatDateTime } from '../../lib/format';
import { useOneRoster, type ImportRow } from './useOneRoster';

/** What one import does, by kind of object, and every row it could not take. */
function Report({ report }: { report: ImportRow }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="What the import does">
        <TableHead>
          <TableRow>
            <TableCell>Object</TableCell>
            <TableCell align="right">Created</TableCell>
            <TableCell align="right">Changed</TableCell>
            <TableCell align="right">Deactivated</TableCell>
            <TableCell align="right">Unchanged</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.counts.map((c) => (
            <TableRow key={c.object}>
              <TableCell>{c.object}</TableCell>
              <TableCell align="right">{c.created}</TableCell>
              <TableCell align="right">{c.changed}</TableCell>
              <TableCell align="right">{c.deactivated}</TableCell>
              <TableCell align="right">{c.unchanged}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {report.problems.length > 0 && (
        <Box component="ul" aria-label="Rows that cannot be taken" sx={{ pl: 2, color: 'error.main' }}>
          {report.problems.map((p) => (
            <li key={`${p.file}:${p.line}:${p.reason}`}>{`${p.file}, line ${p.line}: ${p.reason}`}</li>
          ))}
          {report.moreProblems > 0 && <li>{`and ${report.moreProblems} more`}</li>}
        </Box>
      )}
    </Box>
  );
}

/**
 * Settings -> Integrations -> OneRoster (SuperAdmin and Admin): the addresses another system needs, a roster zip
 * from the school's information system (previewed, then applied), the last imports with their reports, and the
 * export of what the school holds.
 */
export function OneRosterPanel() {
  const o = useOneRoster();
  return (
    <Box component="section" aria-labelledby="oneroster-title" sx={{ mt: 4 }}>
      <Typography id="oneroster-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        OneRoster
      </Typography>
      <Banner severity="success" message={o.messages.success} onClose={o.messages.clearSuccess} />
      <Banner severity="error" message={o.messages.actionError} onClose={o.messages.clearError} />
      <Loaded loading={o.loading} error={o.loadError} value={o.addresses} notFoundText="OneRoster is not available.">
        {(a) => (
          <>
            <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
              Give another system (a student information system, a learning tool) these addresses with the client id and secret of an
              application that holds the OneRoster scopes.
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2 }}
            >
              <dt>Rostering</dt>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <code>{a.rostering}</code>
              </Box>
              <dt>Gradebook</dt>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <code>{a.gradebook}</code>
              </Box>
              <dt>Token endpoint</dt>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <code>{a.token}</code>
              </Box>
            </Box>
            <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
              <Typography variant="h3" component="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
                Import a roster
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                The OneRoster 1.2 CSV zip your information system exports. Preview it first: nothing changes until you apply it, and a zip
                with a row that cannot be taken changes nothing at all. New people get an invitation by email.
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Button variant="outlined" component="label">
                  Choose zip
                  <input
                    hidden
                    type="file"
                    accept=".zip,application/zip"
                    aria-label="OneRoster zip"
                    onChange={(e) => o.choose(e.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography variant="body2">{o.file ? o.file.name : 'No file chosen'}</Typography>
                <Button variant="outlined" disabled={!o.file || o.busy} onClick={() => void o.previewZip()}>
                  Preview
                </Button>
                <Button
                  variant="contained"
                  disabled={!o.file || o.busy || !o.preview || o.preview.problems.length > 0}
                  onClick={() => void o.applyZip()}
                >
                  Apply
                </Button>
              </Box>
              {o.preview && !o.preview.applied && (
                <Box sx={{ mt: 2 }}>
                  <Alert severity={o.preview.problems.length ? 'error' : 'info'} sx={{ mb: 1 }}>
                    {o.preview.problems.length
                      ? `${o.preview.problems.length + o.preview.moreProblems} rows cannot be taken: fix them in the information system and export again.`
                      : 'Preview: this is what Apply will do.'}
                  </Alert>
                  <Report report={o.preview} />
                </Box>
              )}
            </Paper>
            <Button variant="outlined" onClick={() => void o.exportZip()} sx={{ mb: 2 }}>
              Export OneRoster zip
            </Button>
            <Typography variant="h3" component="h3" sx={{ mb: 1, fontSize: '1.1rem' }}>
              Last imports
            </Typography>
            {o.imports.length === 0 && <Typography color="text.secondary">No imports yet.</Typography>}
            {o.imports.map((i) => (
              <Paper key={i.id} variant="outlined" sx={{ p: 2, mb: 1 }} aria-label={`Import of ${formatDateTime(i.createdAt)}`}>
                <Typography variant="subtitle2">
                  {`${formatDateTime(i.createdAt)} · ${i.applied ? 'Applied' : i.problems.length ? 'Refused' : 'Preview'}${i.source ? ` · from ${i.source}` : ''}${i.createdBy ? ` · by ${i.createdBy}` : ''}`}
                </Typography>
                <Report report={i} />
              </Paper>
            ))}
          </>
        )}
      </Loaded>
    </Box>
  );
}
