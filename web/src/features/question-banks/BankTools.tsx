import { useState } from 'react';
import Button from '@mui/material/Button';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import type { QuestionDraft } from '../assessments/fields';
import { AddFromBankDialog } from './AddFromBankDialog';
import { SaveToBankDialog } from './SaveToBankDialog';

interface BankToolsProps {
  /** The item being edited (none while creating one). */
  assessmentId?: string;
  questions: QuestionDraft[];
  /** Questions taken from a bank, for the end of the form's list; `version` when the saved item took them. */
  onAdd(added: QuestionDraft[], version?: number): void;
  /** Says what was saved to a bank (the editor's message line). */
  onSaved(message: string): void;
}

/** The question editor's "Add from bank" and "Save to bank" buttons and their dialogs (issue 30). */
export function BankTools({ assessmentId, questions, onAdd, onSaved }: BankToolsProps) {
  const [open, setOpen] = useState<'add' | 'save' | null>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<LibraryAddIcon />} onClick={() => setOpen('add')}>
        Add from bank
      </Button>
      <Button variant="outlined" startIcon={<SaveAltIcon />} disabled={questions.length === 0} onClick={() => setOpen('save')}>
        Save to bank
      </Button>
      {open === 'add' && <AddFromBankDialog assessmentId={assessmentId} onClose={() => setOpen(null)} onAdd={onAdd} />}
      {open === 'save' && <SaveToBankDialog assessmentId={assessmentId} questions={questions} onClose={() => setOpen(null)} onSaved={onSaved} />}
    </>
  );
}
