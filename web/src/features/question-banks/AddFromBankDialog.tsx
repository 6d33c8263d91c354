import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/FormDialog';
import { Spinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { QUESTION_TYPE_LABELS, draftFrom, draftFromBank, type QuestionDraft } from '../assessment-form/fields';
import { BankSelect, TagSelect } from './BankPicker';
import { ANY_TAG } from './labels';
import { useAddQuestionsFromBankMutation, useBankQuestionsForPickQuery, useQuestionBanksQuery } from './question-banks.generated';
import { MAX_PAGE } from '../../lib/listMax';

interface AddFromBankDialogProps {
  /** The saved item being edited: the questions are added to it at once (copies or links). None while creating. */
  assessmentId?: string;
  onClose(): void;
  /** The new questions for the form, and the item's version after a saved item took them. */
  onAdd(questions: QuestionDraft[], version?: number): void;
}

/**
 * "Add from bank" (issue 30): choose a bank, filter by tag, tick questions, and take them as copies or links.
 * A saved item takes them at once (addQuestionsFromBank: the copy remembers its bank question, a link follows
 * the bank's edits until the first submission); an item being created gets plain copies in its form.
 */
export function AddFromBankDialog({ assessmentId, onClose, onAdd }: AddFromBankDialogProps) {
  const banks = useQuestionBanksQuery({ variables: MAX_PAGE }).data?.questionBanks.nodes ?? [];
  const [bankId, setBankId] = useState('');
  const [tag, setTag] = useState(ANY_TAG);
  const [ticked, setTicked] = useState<string[]>([]);
  const [link, setLink] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [addToItem] = useAddQuestionsFromBankMutation();
  const pick = useBankQuestionsForPickQuery({ variables: { id: bankId, tag: tag || null }, skip: !bankId });
  const questions = pick.data?.questionBank.questions ?? [];
  const bank = banks.find((b) => b.id === bankId);

  const submit = async () => {
    const chosen = questions.filter((q) => ticked.includes(q.id));
    if (!chosen.length) return setError('Tick at least one question');
    if (!assessmentId) {
      onAdd(chosen.map((q) => draftFromBank(q)));
      return onClose();
    }
    setSaving(true);
    try {
      const { data } = await addToItem({ variables: { input: { assessmentId, bankQuestionIds: chosen.map((q) => q.id), link } } });
      const item = data?.addQuestionsFromBank;
      if (!item) throw new Error('no answer');
      // the server appends them: the last ones in the item's order are the new ones
      const added = [...item.questions].sort((a, b) => a.order - b.order).slice(-chosen.length);
      onAdd(added.map(draftFrom), item.version);
      onClose();
    } catch (e) {
      setSaving(false);
      setError(errorMessage(e, 'Failed to add the questions from the bank'));
    }
  };
  const toggle = (id: string, on: boolean) => setTicked((t) => (on ? [...t, id] : t.filter((x) => x !== id)));

  return (
    <FormDialog
      id="add-from-bank"
      title="Add from bank"
      submitLabel={ticked.length ? `Add ${ticked.length} question${ticked.length === 1 ? '' : 's'}` : 'Add questions'}
      onSubmit={() => void submit()}
      onClose={onClose}
      submitting={saving}
      error={error}
      maxWidth="md"
    >
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <BankSelect
          id="from-bank"
          banks={banks}
          value={bankId}
          onChange={(id) => {
            setBankId(id);
            setTag(ANY_TAG);
            setTicked([]);
          }}
        />
        <TagSelect id="from-bank-tag" tags={bank?.tags ?? []} value={tag} onChange={setTag} />
      </Box>
      {assessmentId ? (
        <FormControl>
          <FormLabel id="from-bank-how">How to add them</FormLabel>
          <RadioGroup aria-labelledby="from-bank-how" value={link ? 'link' : 'copy'} onChange={(e) => setLink(e.target.value === 'link')}>
            <FormControlLabel value="copy" control={<Radio />} label="Copy: later changes in the bank do not change this item" />
            <FormControlLabel
              value="link"
              control={<Radio />}
              label="Link: changes in the bank reach this item until the first student submits"
            />
          </RadioGroup>
          <FormHelperText>They are added to the saved item at once, after its other questions.</FormHelperText>
        </FormControl>
      ) : (
        <Typography variant="body2" color="text.secondary">
          They are copied into the new item. To link questions to the bank (so that its changes reach them), add them after the item is
          created.
        </Typography>
      )}
      {bankId && pick.loading && <Spinner />}
      {bankId && !pick.loading && questions.length === 0 && (
        <Typography color="text.secondary">No question in this bank has this tag.</Typography>
      )}
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
