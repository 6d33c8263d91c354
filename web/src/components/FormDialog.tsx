import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface FormDialogProps {
  /** Unique on the page: the title's id is `${id}-heading`. */
  id: string;
  title: string;
  submitLabel: string;
  onClose(): void;
  onSubmit(): void;
  /** While true the submit button is disabled (a call is running). */
  submitting?: boolean;
  /** Disables the submit button, e.g. until an item is picked. */
  submitDisabled?: boolean;
  /** A failed submit's message, shown at the top of the dialog. */
  error?: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/**
 * A modal form: title, fields, Cancel and a submit button. Render it only while open (`{open && ...}`),
 * so that every opening starts from a fresh form (spec section 4: modals close and reset).
 */
export function FormDialog(props: FormDialogProps) {
  const { id, title, submitLabel, onClose, onSubmit, submitting, submitDisabled, error, maxWidth = 'sm', children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // a dialog opened from another dialog's form (the editor's "Add from bank"): React passes the event up
    // through the portal, and the outer form must not submit too
    event.stopPropagation();
    if (!submitting && !submitDisabled) onSubmit();
  };
  return (
    <Dialog open onClose={submitting ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={`${id}-heading`}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-heading`}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>{children}</Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="button" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={submitting || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
