import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { Spinner } from './Spinner';

/** The "Back to ..." link above a detail page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
      <ArrowBackIcon fontSize="small" aria-hidden="true" />
      {children}
    </Link>
  );
}

interface LoadedProps<T> {
  loading: boolean;
  error: string | null;
  /** Heading of the error box ('Error!' on the teacher's pages). */
  errorTitle?: string;
  /** What the page shows; null when it was not found. */
  value: T | null;
  /** The h1 when there is nothing, e.g. 'Course not found.'. */
  notFoundText: string;
  /** The page itself; a function, since it may only be built once `value` is there. */
  children(value: T): ReactNode;
}

/** A detail page's states: a spinner while loading, the error, the not-found heading, or the page. */
export function Loaded<T>({ loading, error, errorTitle, value, notFoundText, children }: LoadedProps<T>) {
  if (loading) return <Spinner />;
  if (error) {
    return (
      <Alert severity="error" role="alert">
        {errorTitle && <AlertTitle>{errorTitle}</AlertTitle>}
        {error}
      </Alert>
    );
  }
  if (value === null) {
    return (
      <Typography variant="h1" component="h1">
        {notFoundText}
      </Typography>
    );
  }
  return children(value);
}
