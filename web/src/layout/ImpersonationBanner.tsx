import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Banner } from '../components/Banner';
import { ROLE_LABEL } from '../lib/roles';
import { useRoleSwitch } from './useRoleSwitcher';

export function ImpersonationBanner() {
  const { isImpersonating, activeRole, originalRole, pending, error, clearError, switchTo } = useRoleSwitch();

  if (!isImpersonating || !activeRole || !originalRole) return null;

  return (
    <>
      <Banner severity="error" message={error} onClose={clearError} />
      <Alert
        severity="warning"
        role="status"
        sx={{ mb: 2, alignItems: 'center' }}
        action={
          <Button color="inherit" variant="outlined" size="small" disabled={pending} onClick={() => void switchTo('original')}>
            {`Switch back to ${ROLE_LABEL[originalRole]}`}
          </Button>
        }
      >
        {`You are currently viewing as ${ROLE_LABEL[activeRole]}. Your actual role is ${ROLE_LABEL[originalRole]}.`}
      </Alert>
    </>
  );
}
