import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useIsRouted } from '../lib/knownRoutes';

/** The welcome banner every dashboard starts with, greeting the user by first name. */
export function WelcomeBanner({ firstName, subtitle }: { firstName: string; subtitle: string }) {
  return (
    <Paper
      component="section"
      aria-label="Welcome"
      elevation={0}
      sx={{
        p: { xs: 2.5, sm: 3 },
        mb: 3,
        color: '#fff',
        background: 'linear-gradient(120deg, #283593 0%, #4a148c 100%)',
      }}
    >
      <Typography variant="h1" component="h1" sx={{ mb: 0.5 }}>
        {`Welcome back, ${firstName}!`}
      </Typography>
      <Typography>{subtitle}</Typography>
    </Paper>
  );
}

/** A responsive grid of dashboard cards. */
export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

interface DashboardCardProps {
  title: string;
  description?: ReactNode;
  /** A link shown at the bottom of the card. */
  action?: { label: string; to: string };
  /** Any other controls for the bottom of the card. */
  actions?: ReactNode;
  children?: ReactNode;
  /** Span the whole row of the grid. */
  wide?: boolean;
}

export function DashboardCard({ title, description, action, actions, children, wide }: DashboardCardProps) {
  return (
    <Card
      component="section"
      aria-labelledby={`card-${slug(title)}`}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', gridColumn: wide ? '1 / -1' : undefined }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={`card-${slug(title)}`} variant="h2" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: children ? 2 : 0 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
      {(action || actions) && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {action && <CardAction {...action} />}
          {actions}
        </CardActions>
      )}
    </Card>
  );
}

/** The card's link; to an address without a page yet it stays, disabled, with a 'Coming soon' hint. */
function CardAction({ label, to }: { label: string; to: string }) {
  const isRouted = useIsRouted();
  if (isRouted(to)) {
    return (
      <Button component={RouterLink} to={to} size="small" variant="outlined">
        {label}
      </Button>
    );
  }
  return (
    <>
      <Button size="small" variant="outlined" disabled aria-label={`${label} (coming soon)`}>
        {label}
      </Button>
      <Typography variant="caption" color="text.secondary">
        Coming soon
      </Typography>
    </>
  );
}

/** A muted line for an empty list. */
export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** One row of a LinkList: a link to a page and a muted line under it. */
export interface LinkListItem {
  key: string;
  to: string;
  label: string;
  detail: string;
}

/**
 * A dense list of links with a muted line each, as MUI's dense List with ListItemText and Link draws it, in plain
 * elements under one style rule: a teacher's dashboard lists 41 courses, and five MUI components a row cost a
 * phone's main thread at hydration (each computes its styles) for styles that never change with state.
 */
export function LinkList({ label, items }: { label: string; items: LinkListItem[] }) {
  return (
    <Box component="ul" aria-label={label} sx={LINK_LIST_SX}>
      {items.map((item) => (
        <li key={item.key}>
          <RouterLink to={item.to}>{item.label}</RouterLink>
          <span>{item.detail}</span>
        </li>
      ))}
    </Box>
  );
}

const LINK_LIST_SX = {
  listStyle: 'none',
  m: 0,
  py: 1,
  px: 0,
  '& > li': { py: 0.5, my: 0.5, overflowWrap: 'anywhere' },
  '& a': {
    typography: 'body2',
    display: 'block',
    color: 'primary.main',
    textDecoration: 'underline',
    textDecorationColor: 'rgba(57, 73, 171, 0.4)',
    '&:hover': { textDecorationColor: 'inherit' },
  },
  '& span': { typography: 'body2', display: 'block', color: 'text.secondary' },
} as const;
