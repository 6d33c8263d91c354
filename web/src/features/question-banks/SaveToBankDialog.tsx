import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage } from '../../lib/errors';
import type { QuestionDraft } from '../assessment-form/fields';
import { BankSelect } from './BankPicker';
import {
  QuestionBanksDocument,
  useAddBankQuestionsMutation,
  useQuestionBanksQuery,
  useSaveQuestionsToBankMutation,
} from './question-banks.generated';
import { bankInputFrom } from './useQuestionBank';
import { MAX_PAGE } from '../../lib/listMax';

interface SaveToBankDialogProps {
  /** The saved item, when editing one: its saved questions go by id (the bank then counts their answers too). */
  assessmentId?: string;
  questions: QuestionDraft[];
  onClose(): void;
  /** 'Questions saved to Algebra basics'. */
  onSaved(message: string): void;
}

/**
 * "Save to bank" (issue 30): the ticked questions of the editor go into a bank the teacher may edit, with tags.
 * Questions of the saved item are saved as last saved (saveQuestionsToBank); new ones as they are in the form.
 */
export function SaveToBankDialog({ assessmentId, questions, onClose, onSaved }: SaveToBankDialogProps) {
  const banks = (useQuestionBanksQuery({ variables: MAX_PAGE }).data?.questionBanks.nodes ?? []).filter((b) => b.canEdit);
  const again = { refetchQueries: [QuestionBanksDocument] };
  const [saveSaved] = useSaveQuestionsToBankMutation(again);
  const [addNew] = useAddBankQuestionsMutation(again);
  const [bankId, setBankId] = useState('');
  const [tags, setTags] = useState('');
  const [ticked, setTicked] = useState<string[]>(() => questions.filter((q) => q.questionText.trim()).map((q) => q.key));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const bank = banks.find((b) => b.id === bankId);
    const chosen = questions.filter((q) => ticked.includes(q.key));
    if (!bank) return setError('Choose the bank to save the questions to');
    if (!chosen.length) return setError('Tick at least one question');
    const saved = assessmentId ? chosen.filter((q) => q.id) : [];
    const fresh = chosen.filter((q) => !saved.includes(q));
    setSaving(true);
    try {
      if (saved.length && assessmentId)
        await saveSaved({ variables: { input: { assessmentId, bankId, questionIds: saved.map((q) => q.id as string) } } });
      if (fresh.length) await addNew({ variables: { input: { bankId, questions: fresh.map((q) => bankInputFrom(q, tags)) } } });
    } catch (e) {
      setSaving(false);
      return setError(errorMessage(e, 'Failed to save the questions to the bank'));
    }
    onSaved(`${chosen.length === 1 ? 'One question' : `${chosen.length} questions`} saved to ${bank.name}`);
    onClose();
  };

  return (
    <FormDialog
      id="save-to-bank"
      title="Save to bank"
      submitLabel="Save to bank"
      onSubmit={() => void submit()}
      onClose={onClose}
      submitting={saving}
      error={error}
    >
      <BankSelect id="save-bank" banks={banks} value={bankId} onChange={setBankId} />
      <TextField
        id="save-bank-tags"
        label="Tags for new questions"
        helperText="Separate tags with commas"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
      />
      {assessmentId && (
        <Typography variant="body2" color="text.secondary">
          Questions already saved in this item go to the bank as last saved.
        </Typography>
      )}
      <Box component="ul" aria-label="Questions to save" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {questions.map((q, i) => (
          <li key={q.key}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={ticked.includes(q.key)}
                  onChange={(e) => setTicked((t) => (e.target.checked ? [...t, q.key] : t.filter((k) => k !== q.key)))}
                />
              }
              label={`Question ${i + 1}: ${q.questionText.trim() || '(no text yet)'}`}
              sx={{ overflowWrap: 'anywhere' }}
            />
          </li>
        ))}
      </Box>
    </FormDialog>
  );
}
