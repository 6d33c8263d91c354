import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { useQuestionBanksQuery } from './question-banks.generated';
import { MAX_PAGE } from '../../lib/listMax';

interface MoveQuestionsDialogProps {
  fromBankId: string;
  count: number;
  onClose(): void;
  onMove(toBankId: string, toName: string): Promise<string | null>;
}

/** Move the ticked questions to another bank the teacher may edit (issue 30). */
export function MoveQuestionsDialog({ fromBankId, count, onClose, onMove }: MoveQuestionsDialogProps) {
  const banks = (useQuestionBanksQuery({ variables: MAX_PAGE }).data?.questionBanks.nodes ?? []).filter(
    (b) => b.canEdit && b.id !== fromBankId,
  );
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = () => {
    const bank = banks.find((b) => b.id === to);
    if (!bank) {
      setError('Choose the bank to move the questions to');
      return;
    }
    setSaving(true);
    void onMove(bank.id, bank.name).then((failed) => {
      setSaving(false);
      if (failed) setError(failed);
      else onClose();
    });
  };
  return (
    <FormDialog
      id="move-questions"
      title={`Move ${count === 1 ? 'one question' : `${count} questions`}`}
      submitLabel="Move"
      onSubmit={submit}
      onClose={onClose}
      submitting={saving}
      error={error}
    >
      {banks.length === 0 && <Typography color="text.secondary">There is no other bank you can edit.</Typography>}
      <TextField
        id="move-to-bank"
        label="To bank"
        select
        value={to}
        onChange={(e) => setTo(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a bank</option>
        {banks.map((b) => (
          <option key={b.id} value={b.id}>
            {`${b.name} (${b.subject.name})`}
          </option>
        ))}
      </TextField>
    </FormDialog>
  );
}
