import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Banner } from '../../components/Banner';

interface FormSectionProps {
  /** Unique on the page: the heading's id is `${id}-title`. */
  id: string;
  title: string;
  submitLabel: string;
  onSubmit(): void;
  /** While true the submit button is disabled (a call is running). */
  submitting: boolean;
  /** A failed submit's message, shown above the fields until the next submit. */
  error: string | null;
  /** The fields' layout. */
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** A form on a page (FormDialog's sibling): a titled section, the failure's message, the fields and one button. */
export function FormSection({ id, title, submitLabel, onSubmit, submitting, error, sx, children }: FormSectionProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={`${id}-title`} variant="h2" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Banner severity="error" message={error} />
      <Box component="form" noValidate onSubmit={submit} sx={[{ display: 'grid', gap: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
        {children}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
