import TextField from '@mui/material/TextField';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import type { useDialogForm } from '../../components/useDialogForm';
import { SHARINGS, SHARING_LABEL } from './labels';
import type { BankValues } from './useQuestionBanks';

interface BankDialogProps {
  form: ReturnType<typeof useDialogForm<BankValues>>;
  onSubmit(): void;
  /** Creating: the subject to choose from; editing a bank keeps its subject. */
  subjects?: readonly { id: string; name: string }[];
}

/** New question bank, or Edit bank: name, description, who can use it (and the subject of a new one). */
export function BankDialog({ form, onSubmit, subjects }: BankDialogProps) {
  const creating = Boolean(subjects);
  return (
    <FormDialog
      id="bank"
      title={creating ? 'New question bank' : 'Edit bank'}
      submitLabel={creating ? 'Create bank' : 'Save bank'}
      onSubmit={onSubmit}
      {...form.dialog}
    >
      <TextField id="bank-name" label="Name" required autoFocus {...form.text('name')} />
      <TextField id="bank-description" label="Description" multiline minRows={2} {...form.text('description')} />
      {subjects && (
        <TextField
          id="bank-subject"
          label="Subject"
          select
          required
          value={form.values.subjectId}
          onChange={(e) => form.set('subjectId', e.target.value)}
          error={Boolean(form.errors.subjectId)}
          helperText={form.errors.subjectId}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose a subject</option>
          {subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </TextField>
      )}
      <SelectField
        id="bank-sharing"
        label="Who can use it"
        value={form.values.sharing}
        options={SHARINGS}
        labels={SHARING_LABEL}
        onChange={(v) => form.set('sharing', v)}
      />
    </FormDialog>
  );
}
