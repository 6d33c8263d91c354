import { useState } from 'react';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { QuestionDraft } from '../assessment-form/fields';
import { AddFromBankDialog } from './AddFromBankDialog';
import { QtiImportDialog } from './QtiImportDialog';
import { SaveToBankDialog } from './SaveToBankDialog';
import { useItemQti } from './useItemQti';

interface BankToolsProps {
  /** The item being edited (none while creating one). */
  assessmentId?: string;
  /** The item's title (the QTI dialog's title and the export's file name). */
  title: string;
  questions: QuestionDraft[];
  /** Questions taken from a bank or a QTI package, for the end of the form's list; `version` when the saved item took them. */
  onAdd(added: QuestionDraft[], version?: number): void;
  /** Says what was saved to a bank, imported or exported (the editor's message line). */
  onSaved(message: string): void;
  onFailed(message: string): void;
}

/**
 * The question editor's "Add from bank" and "Save to bank" buttons and their dialogs (issue 30), and for a saved
 * item "Import QTI" (the bank page's dialog: preview first, then import into the item) and "Export QTI".
 */
export function BankTools({ assessmentId, title, questions, onAdd, onSaved, onFailed }: BankToolsProps) {
  const [open, setOpen] = useState<'add' | 'save' | 'qti' | null>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<LibraryAddIcon />} onClick={() => setOpen('add')}>
        Add from bank
      </Button>
      <Button variant="outlined" startIcon={<SaveAltIcon />} disabled={questions.length === 0} onClick={() => setOpen('save')}>
        Save to bank
      </Button>
      {assessmentId && (
        <ItemQtiButtons
          assessmentId={assessmentId}
          title={title}
          importing={open === 'qti'}
          setImporting={(on) => setOpen(on ? 'qti' : null)}
          onAdd={onAdd}
          onSaved={onSaved}
          onFailed={onFailed}
        />
      )}
      {open === 'add' && <AddFromBankDialog assessmentId={assessmentId} onClose={() => setOpen(null)} onAdd={onAdd} />}
      {open === 'save' && (
        <SaveToBankDialog assessmentId={assessmentId} questions={questions} onClose={() => setOpen(null)} onSaved={onSaved} />
      )}
    </>
  );
}

interface ItemQtiButtonsProps extends Omit<BankToolsProps, 'assessmentId' | 'questions'> {
  assessmentId: string;
  importing: boolean;
  setImporting(on: boolean): void;
}

function ItemQtiButtons({ assessmentId, title, importing, setImporting, onAdd, onSaved, onFailed }: ItemQtiButtonsProps) {
  const qti = useItemQti(assessmentId, title, { onAdd, onSaved, onFailed });
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        Import QTI
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void qti.exportQti()}>
        Export QTI
      </Button>
      {importing && (
        <QtiImportDialog target={{ assessmentId }} targetName={title} onClose={() => setImporting(false)} onApplied={qti.imported} />
      )}
    </>
  );
}
