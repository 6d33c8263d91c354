import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../components/FormDialog';
import { useDialogForm } from '../../components/useDialogForm';
import { draftFrom, newQuestion, validateQuestion, type QuestionDraft } from '../assessment-form/fields';
import { QuestionCard } from '../assessment-form/QuestionEditor';
import type { BankQuestion } from './useQuestionBank';

interface BankQuestionDialogProps {
  /** The question to edit, or null for a new one. */
  question: BankQuestion | null;
  /** Its number on the page (a new one: the next). */
  n: number;
  onClose(): void;
  onSave(draft: QuestionDraft, tags: string): Promise<string | null>;
}

/** Add or edit a bank question: the assessment editor's question card, and the tags (issue 30). */
export function BankQuestionDialog({ question, n, onClose, onSave }: BankQuestionDialogProps) {
  const form = useDialogForm(
    () => ({ draft: question ? draftFrom(question) : newQuestion(), tags: question?.tags.join(', ') ?? '' }),
    onClose,
  );
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (Object.keys(validateQuestion(form.values.draft)).length) return;
    void form.save((v) => onSave(v.draft, v.tags));
  };
  return (
    <FormDialog
      id="bank-question"
      title={question ? 'Edit question' : 'Add question'}
      submitLabel={question ? 'Save question' : 'Add question'}
      onSubmit={submit}
      maxWidth="md"
      {...form.dialog}
    >
      <QuestionCard component="div" q={form.values.draft} n={n} count={n} showErrors={tried} onChange={(d) => form.set('draft', d)}>
        <TextField
          id="bank-question-tags"
          label="Tags"
          helperText="Separate tags with commas, e.g. linear, equations"
          value={form.values.tags}
          onChange={(e) => form.set('tags', e.target.value)}
        />
      </QuestionCard>
    </FormDialog>
  );
}
