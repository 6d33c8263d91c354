import { useState, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { toLocalInput } from '../../lib/format';
import { formatDateTime } from '../../lib/format';
import { studentName, type GradingSubmission, type Student } from './dashboardMerge';
import { reopenText, type GradingKind } from './gradingKinds';

const DAY_MS = 86_400_000;

/** Who is reopened, and the field's bounds, fixed when the dialog opens. */
export interface ReopenTarget {
  student: Student;
  /** The item's due date (ISO): 'Original Due'. */
  originalDue: string;
  /** A reopened submission's current due date (Extend Again), if any. */
  currentDue: string | null;
  /** datetime-local values: the minimum (now) and the first value. */
  min: string;
  initial: string;
}

/**
 * Opening the dialog (sections 5 and 9): the minimum is now; the first value is the later of the item's original
 * due date and now plus one day, for 'Extend Again' too (the extended date shows beside it, not as the default).
 */
export function reopenTarget(student: Student, submission: GradingSubmission | null, itemDue: string, now: number): ReopenTarget {
  const currentDue = submission?.status === 'REOPENED' ? submission.customDueDate : null;
  const due = new Date(itemDue).getTime();
  const initial = Math.max(Number.isNaN(due) ? 0 : due, now + DAY_MS);
  return {
    student,
    originalDue: itemDue,
    currentDue,
    min: toLocalInput(new Date(now).toISOString()),
    initial: toLocalInput(new Date(initial).toISOString()),
  };
}

interface ReopenDialogProps {
  kind: GradingKind;
  itemTitle: string;
  target: ReopenTarget;
  onClose(): void;
  /** Resolves to the failure's text, or null once reopened. */
  onReopen(student: Student, newDueDate: string): Promise<string | null>;
  /** Shown above the student and item (the warning for a hidden item). */
  notice?: ReactNode;
}

/** 'Reopen Assignment' (section 2): the student, the item with its original due date, 'New Due Date & Time'. */
export function ReopenDialog({ kind, itemTitle, target, onClose, onReopen, notice }: ReopenDialogProps) {
  const [value, setValue] = useState(target.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    const failed = await onReopen(target.student, value);
    setBusy(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <FormDialog
      id="reopen"
      title={reopenText(kind)}
      submitLabel={busy ? 'Reopening...' : reopenText(kind)}
      submitting={busy}
      submitDisabled={!value}
      error={error}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {notice}
      <div>
        <Typography>
          <strong>Student:</strong> {studentName(target.student)}
        </Typography>
        <Typography>
          <strong>{`${kind.noun}:`}</strong> {itemTitle}
        </Typography>
        <Typography>
          <strong>Original Due:</strong> {formatDateTime(target.originalDue)}
        </Typography>
        {target.currentDue && (
          <Typography>
            <strong>Current due date:</strong> {formatDateTime(target.currentDue)}
          </Typography>
        )}
      </div>
      <TextField
        id="reopen-due"
        label="New Due Date & Time"
        type="datetime-local"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: target.min } }}
        fullWidth
      />
    </FormDialog>
  );
}
