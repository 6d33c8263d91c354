import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CenteredCard } from '../../components/CenteredCard';
import { type EmailChangeLink, useEmailChangeLink } from './useEmailChangeLink';
import { ROUTES } from '@lms/routes';

const TEXT: Record<EmailChangeLink, { title: string; intro: string; button: string }> = {
  confirm: {
    title: 'Confirm your new email',
    intro: 'Confirm that this address is to be the sign-in email of your account. You will then sign in with it, on every device again.',
    button: 'Confirm new email',
  },
  report: {
    title: 'Report an email change',
    intro:
      "If you did not ask for your sign-in email to change, report it: the change is cancelled and your school's administrators see your report.",
    button: 'Report and cancel the change',
  },
};

function EmailChangePage({ kind }: { kind: EmailChangeLink }) {
  const { token = '' } = useParams<{ token: string }>();
  const link = useEmailChangeLink(kind, token);
  const text = TEXT[kind];
  return (
    <CenteredCard title={text.title}>
      {link.done ? (
        <Alert severity="success" role="status">
          {link.done}
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{text.intro}</Typography>
          {link.error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {link.error}
            </Alert>
          )}
          <Button variant="contained" size="large" fullWidth disabled={link.loading} onClick={() => void link.act()}>
            {text.button}
          </Button>
        </>
      )}
      <Typography sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to={ROUTES.login}>
          Back to login
        </Link>
      </Typography>
    </CenteredCard>
  );
}

/** /confirm-email/:token: the link mailed to the new address. */
export function ConfirmEmailPage() {
  return <EmailChangePage kind="confirm" />;
}

/** /report-email-change/:token: the link mailed to the old address. */
export function ReportEmailChangePage() {
  return <EmailChangePage kind="report" />;
}
