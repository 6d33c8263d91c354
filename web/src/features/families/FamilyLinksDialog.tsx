import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Role } from '../../gql/types';
import { ROLE_LABEL } from '../../lib/roles';
import { errorMessage } from '../../lib/errors';
import { useDebounced } from '../../components/useDebounced';
import { useFamilyCandidatesQuery, useFamilyLinksQuery, useLinkParentMutation, useUnlinkParentMutation } from './families.generated';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  role: Role;
}

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * The user page's Family dialog (issue 17; SuperAdmin and Admin): a parent's children or a student's parents,
 * with Unlink, and a search for whom to link. The server checks every rule again (roles, duplicates).
 */
export function FamilyLinksDialog({ user, onClose }: { user: Person; onClose(): void }) {
  const isParent = user.role === 'PARENT';
  const otherRole: Role = isParent ? 'STUDENT' : 'PARENT';
  const otherLabel = ROLE_LABEL[otherRole];
  const noun = isParent ? 'child' : 'parent';
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const debounced = useDebounced(search.trim(), 300);
  const links = useFamilyLinksQuery({ variables: { id: user.id }, fetchPolicy: 'network-only' });
  const candidates = useFamilyCandidatesQuery({ variables: { role: otherRole, search: debounced }, skip: debounced.length < 2 });
  const [link, linking] = useLinkParentMutation();
  const [unlink, unlinking] = useUnlinkParentMutation();
  const linked = links.data?.user.familyLinks ?? [];
  const pair = (other: string) => (isParent ? { parentId: user.id, studentId: other } : { parentId: other, studentId: user.id });

  const run = async (action: () => Promise<unknown>, message: string) => {
    setError(null);
    setDone(null);
    try {
      await action();
      await links.refetch();
      setDone(message);
    } catch (e) {
      setError(errorMessage(e, 'The change could not be saved'));
    }
  };
  const busy = linking.loading || unlinking.loading;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="family-heading">
      <DialogTitle id="family-heading">{`Family of ${nameOf(user)}`}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {done}
          </Alert>
        )}
        <Typography variant="h3" component="h3">
          {isParent ? 'Linked children' : 'Linked parents'}
        </Typography>
        {linked.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {links.loading ? 'Loading...' : `No ${noun} linked yet.`}
          </Typography>
        ) : (
          <List dense aria-label={isParent ? 'Linked children' : 'Linked parents'}>
            {linked.map((p) => (
              <ListItem
                key={p.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    aria-label={`Unlink ${nameOf(p)}`}
                    onClick={() => void run(() => unlink({ variables: { input: pair(p.id) } }), `${nameOf(p)} unlinked`)}
                  >
                    Unlink
                  </Button>
                }
              >
                <ListItemText primary={nameOf(p)} secondary={p.email} />
              </ListItem>
            ))}
          </List>
        )}
        <TextField
          id="family-search"
          label={`Find a ${otherLabel.toLowerCase()} to link`}
          helperText="Type at least 2 letters of a name or email."
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mt: 2 }}
        />
        {debounced.length >= 2 && (
          <List dense aria-label={`${otherLabel}s found`}>
            {(candidates.data?.users.nodes ?? []).map((c) => {
              const already = linked.some((l) => l.id === c.id);
              return (
                <ListItem
                  key={c.id}
                  disableGutters
                  secondaryAction={
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy || already}
                      aria-label={`Link ${nameOf(c)}`}
                      onClick={() => void run(() => link({ variables: { input: pair(c.id) } }), `${nameOf(c)} linked`)}
                    >
                      {already ? 'Linked' : 'Link'}
                    </Button>
                  }
                >
                  <ListItemText primary={nameOf(c)} secondary={c.email} />
                </ListItem>
              );
            })}
            {candidates.data && candidates.data.users.nodes.length === 0 && (
              <Typography variant="body2" color="text.secondary">{`No ${otherLabel.toLowerCase()} matches.`}</Typography>
            )}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
