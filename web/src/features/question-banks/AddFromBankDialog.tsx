import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { Spinner } from '../../components/Spinner';
import { QUESTION_TYPE_LABELS, draftFromBank, type QuestionDraft } from '../assessments/fields';
import { BankSelect, TagSelect } from './BankPicker';
import { ANY_TAG } from './labels';
import { useBankQuestionsForPickQuery, useQuestionBanksQuery } from './question-banks.generated';

interface AddFromBankDialogProps {
  onClose(): void;
  /** The ticked questions as new questions of the form. */
  onAdd(questions: QuestionDraft[]): void;
}

/** "Add from bank" (issue 30): choose a bank, filter by tag, tick questions, and take them as copies or links. */
export function AddFromBankDialog({ onClose, onAdd }: AddFromBankDialogProps) {
  const banks = useQuestionBanksQuery().data?.questionBanks ?? [];
  const [bankId, setBankId] = useState('');
  const [tag, setTag] = useState(ANY_TAG);
  const [ticked, setTicked] = useState<string[]>([]);
  const [link, setLink] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = useBankQuestionsForPickQuery({ variables: { id: bankId, tag: tag || null }, skip: !bankId });
  const questions = pick.data?.questionBank.questions ?? [];
  const bank = banks.find((b) => b.id === bankId);

  const submit = () => {
    const chosen = questions.filter((q) => ticked.includes(q.id));
    if (!chosen.length) {
      setError('Tick at least one question');
      return;
    }
    onAdd(chosen.map((q) => draftFromBank(q, link)));
    onClose();
  };
  const toggle = (id: string, on: boolean) => setTicked((t) => (on ? [...t, id] : t.filter((x) => x !== id)));

  return (
    <FormDialog id="add-from-bank" title="Add from bank" submitLabel={ticked.length ? `Add ${ticked.length} question${ticked.length === 1 ? '' : 's'}` : 'Add questions'} onSubmit={submit} onClose={onClose} error={error} maxWidth="md">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <BankSelect id="from-bank" banks={banks} value={bankId} onChange={(id) => { setBankId(id); setTag(ANY_TAG); setTicked([]); }} />
        <TagSelect id="from-bank-tag" tags={bank?.tags ?? []} value={tag} onChange={setTag} />
      </Box>
      <FormControl>
        <FormLabel id="from-bank-how">How to add them</FormLabel>
        <RadioGroup aria-labelledby="from-bank-how" value={link ? 'link' : 'copy'} onChange={(e) => setLink(e.target.value === 'link')}>
          <FormControlLabel value="copy" control={<Radio />} label="Copy: later changes in the bank do not change this item" />
          <FormControlLabel value="link" control={<Radio />} label="Link: changes in the bank reach this item until the first student submits" />
        </RadioGroup>
      </FormControl>
      {bankId && pick.loading && <Spinner />}
      {bankId && !pick.loading && questions.length === 0 && <Typography color="text.secondary">No question in this bank has this tag.</Typography>}
      {questions.length > 0 && (
        <Box component="ul" aria-label="Bank questions" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {questions.map((q) => (
            <li key={q.id}>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', m: 0 }}
                control={<Checkbox sx={{ pt: 0.5 }} checked={ticked.includes(q.id)} onChange={(e) => toggle(q.id, e.target.checked)} />}
                label={
                  <Box sx={{ overflowWrap: 'anywhere' }}>
                    <Typography>{q.questionText}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {`${QUESTION_TYPE_LABELS[q.type]} · ${q.points} point${q.points === 1 ? '' : 's'}${q.tags.length ? ` · ${q.tags.join(', ')}` : ''}`}
                    </Typography>
                  </Box>
                }
              />
            </li>
          ))}
        </Box>
      )}
    </FormDialog>
  );
}
