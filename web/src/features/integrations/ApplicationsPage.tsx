import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { FormDialog } from '../../components/FormDialog';
import { confirmAction } from '../../components/confirm';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatDateTime } from '../../lib/format';
import { OneRosterPanel } from '../oneroster/OneRosterPanel';
import { SecretOnce } from './SecretOnce';
import { useApplications, type ApplicationRow } from './useApplications';

/** The last part of a OneRoster scope URI ('gradebook.readonly'); our own scopes are short already. */
const scopeLabel = (scope: string) => scope.split('/').pop() ?? scope;

/** /settings/integrations, SuperAdmin and Admin: applications that connect with OAuth 2.0 client credentials. */
export function ApplicationsPage() {
  useDocumentTitle('Integrations');
  const a = useApplications();
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        Integrations
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Applications are systems of the school (a student information system, a reporting tool) that read through the API with their own
        credentials: OAuth 2.0 client credentials at <code>/oauth/token</code>, access tokens of an hour, exactly the scopes given here.
        They never write through the API and are limited per minute.
      </Typography>
      <Banner severity="success" message={a.messages.success} onClose={a.messages.clearSuccess} />
      <Banner severity="error" message={a.messages.actionError} onClose={a.messages.clearError} />
      {a.made && (
        <SecretOnce
          title={`Credentials of ${a.made.name}`}
          values={[
            ['Client id', a.made.clientId],
            ['Client secret', a.made.clientSecret],
          ]}
          onCopy={(v) => void a.copy(v)}
          onDone={a.forget}
        />
      )}
      <Button variant="contained" onClick={a.open} sx={{ mb: 3 }}>
        Register application
      </Button>
      {a.registering && (
        <FormDialog id="new-application" title="Register application" submitLabel="Register" onSubmit={a.submit} {...a.form.dialog}>
          <TextField id="application-name" label="Name" autoFocus {...a.form.text('name')} />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2">
              Scopes
            </Typography>
            {a.scopes.map((s) => (
              <Box key={s.scope} sx={{ mb: 0.5 }}>
                <FormControlLabel
                  control={
                    <Checkbox checked={a.form.values.scopes.includes(s.scope)} onChange={(e) => a.toggleScope(s.scope, e.target.checked)} />
                  }
                  label={scopeLabel(s.scope)}
                />
                <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                  {s.description}
                </Typography>
              </Box>
            ))}
            {a.form.errors.scopes && <FormHelperText error>{a.form.errors.scopes}</FormHelperText>}
          </Box>
          <TextField
            id="application-ranges"
            label="Allowed IP ranges (optional)"
            multiline
            minRows={2}
            placeholder={'10.20.0.0/16\n192.0.2.7'}
            helperText="One address or CIDR range a line; empty: any address."
            value={a.form.values.ranges}
            onChange={(e) => a.form.set('ranges', e.target.value)}
          />
        </FormDialog>
      )}
      <Paper component="section" aria-labelledby="applications-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="applications-title" variant="h2" component="h2" sx={{ mb: 1 }}>
          Applications
        </Typography>
        <Loaded loading={a.loading} error={a.loadError} value={a.applications} notFoundText="No applications.">
          {(rows) =>
            rows.length === 0 ? (
              <Typography color="text.secondary">No application is registered.</Typography>
            ) : (
              <List aria-labelledby="applications-title" disablePadding>
                {rows.map((app) => (
                  <ApplicationItem key={app.id} app={app} onRotate={() => void a.rotate(app)} onRevoke={() => void a.revoke(app)} />
                ))}
              </List>
            )
          }
        </Loaded>
      </Paper>
      <OneRosterPanel />
    </>
  );
}

function ApplicationItem({ app, onRotate, onRevoke }: { app: ApplicationRow; onRotate(): void; onRevoke(): void }) {
  const rotateLabel = app.active ? 'Rotate secret' : 'New secret';
  const rotate = () => {
    if (confirmAction(`Make a new secret for ${app.name}? The current secret and its tokens stop working at once.`)) onRotate();
  };
  const revoke = () => {
    if (confirmAction(`Revoke the secret of ${app.name}? It gets no more tokens and its tokens stop working at once.`)) onRevoke();
  };
  return (
    <ListItem divider sx={{ px: 0, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{app.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Client id {app.clientId} · {app.lastTokenAt ? `Last token ${formatDateTime(app.lastTokenAt)}` : 'No token yet'}
          {app.allowedIpRanges.length > 0 && ` · From ${app.allowedIpRanges.join(', ')}`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          {app.scopes.map((s) => (
            <Chip key={s} size="small" variant="outlined" label={scopeLabel(s)} title={s} />
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {!app.active && <Chip size="small" color="error" label="Revoked" />}
        <Button size="small" variant="outlined" aria-label={`${rotateLabel} of ${app.name}`} onClick={rotate}>
          {rotateLabel}
        </Button>
        {app.active && (
          <Button size="small" color="error" variant="outlined" aria-label={`Revoke the secret of ${app.name}`} onClick={revoke}>
            Revoke
          </Button>
        )}
      </Box>
    </ListItem>
  );
}
