import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { APP_TITLE, useDocumentTitle } from '../lib/useDocumentTitle';

interface CenteredCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card used by the sign-in, password and error pages. */
export function CenteredCard({ title, subtitle, children }: CenteredCardProps) {
  // the sign-in card's title is the app's name, which every tab title ends with already
  useDocumentTitle(title === APP_TITLE ? 'Sign In' : title);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" component="h1" sx={{ textAlign: 'center', mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
