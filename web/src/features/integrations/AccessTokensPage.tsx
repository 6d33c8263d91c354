import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { FormDialog } from '../../components/FormDialog';
import { confirmAction } from '../../components/confirm';
import { useSession } from '../../lib/session';
import type { AccessTokenScope } from '../../gql/types';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatDateTime } from '../../lib/format';
import { SecretOnce } from './SecretOnce';
import { SelectField } from '../../components/SelectField';
import { TOKEN_DAYS, useAccessTokens, type AccessTokenRow, type TokenDays } from './useAccessTokens';

const SCOPE_LABEL: Record<AccessTokenScope, string> = {
  READ: 'Read only',
  READ_WRITE: 'Read and write',
};
const SCOPES = Object.keys(SCOPE_LABEL) as AccessTokenScope[];
const DAYS_LABEL: Record<TokenDays, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: 'a year' };

/** /settings/access-tokens, every role: personal access tokens for your own scripts. */
export function AccessTokensPage() {
  useDocumentTitle('Access tokens');
  const { abilities } = useSession();
  const t = useAccessTokens();
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        Access tokens
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        A token lets a script of yours use the school&apos;s API as you, with your rights narrowed to its scope: send it as
        <code> Authorization: Bearer &lt;token&gt;</code>. It is not a sign-in: it does not appear among your sessions and ends when it
        expires, when you revoke it, or when your account or role changes. The integrators&apos; guide (docs/integrators.md) has examples.
      </Typography>
      <Banner severity="success" message={t.messages.success} onClose={t.messages.clearSuccess} />
      <Banner severity="error" message={t.messages.actionError} onClose={t.messages.clearError} />
      {t.made && (
        <SecretOnce title={`Token ${t.made.name}`} values={[['Token', t.made.secret]]} onCopy={(v) => void t.copy(v)} onDone={t.forget} />
      )}
      {abilities?.manageAccessTokens ? (
        <Button variant="contained" onClick={t.open} sx={{ mb: 3 }}>
          New token
        </Button>
      ) : (
        <Typography sx={{ mb: 3 }}>Switch back to your own role to manage your access tokens.</Typography>
      )}
      {t.creating && (
        <FormDialog id="new-token" title="New access token" submitLabel="Create token" onSubmit={t.submit} {...t.form.dialog}>
          <TextField id="token-name" label="Name" autoFocus placeholder="e.g. Nightly grade export" {...t.form.text('name')} />
          <SelectField
            id="token-scope"
            label="Scope"
            value={t.form.values.scope}
            options={SCOPES}
            labels={SCOPE_LABEL}
            onChange={(v) => t.form.set('scope', v)}
            helperText="Read only is refused every change; choose read and write only for scripts that must change things."
          />
          <SelectField
            id="token-days"
            label="Expires after"
            value={t.form.values.days}
            options={TOKEN_DAYS}
            labels={DAYS_LABEL}
            onChange={(v) => t.form.set('days', v)}
          />
        </FormDialog>
      )}
      <Paper component="section" aria-labelledby="tokens-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="tokens-title" variant="h2" component="h2" sx={{ mb: 1 }}>
          Your tokens
        </Typography>
        <Loaded loading={t.loading} error={t.loadError} value={t.tokens} notFoundText="No tokens.">
          {(rows) =>
            rows.length === 0 ? (
              <Typography color="text.secondary">You have no access tokens.</Typography>
            ) : (
              <List aria-labelledby="tokens-title" disablePadding>
                {rows.map((token) => (
                  <TokenItem key={token.id} token={token} onRevoke={() => void t.revoke(token)} />
                ))}
              </List>
            )
          }
        </Loaded>
      </Paper>
    </>
  );
}

function TokenItem({ token, onRevoke }: { token: AccessTokenRow; onRevoke(): void }) {
  const revoke = () => {
    if (confirmAction(`Revoke the token ${token.name}? Scripts using it stop working at once.`)) onRevoke();
  };
  return (
    <ListItem divider sx={{ px: 0, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{token.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          Created {formatDateTime(token.createdAt)} · {token.active ? 'Expires' : 'Expired'} {formatDateTime(token.expiresAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          size="small"
          variant="outlined"
          color={token.scope === 'READ_WRITE' ? 'warning' : 'default'}
          label={SCOPE_LABEL[token.scope]}
        />
        <Button size="small" color="error" variant="outlined" aria-label={`Revoke the token ${token.name}`} onClick={revoke}>
          Revoke
        </Button>
      </Box>
    </ListItem>
  );
}
