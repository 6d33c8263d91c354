import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../components/FormDialog';
import { TitleDescriptionFields } from '../../components/TitleDescriptionFields';
import { useDialogForm } from '../../components/useDialogForm';
import { VisibleCheckbox } from '../../components/VisibleCheckbox';
import type { AssessmentScope, ResultVisibility } from '../../gql/types';
import {
  RESULT_VISIBILITIES,
  RESULT_VISIBILITY_HELP,
  RESULT_VISIBILITY_LABEL,
  SCOPES,
  SCOPE_LABEL,
  validateAssessment,
  type AssessmentErrors,
  type AssessmentFields,
  type QuestionDraft,
} from '../assessment-form/fields';
import type { Kind } from '../../lib/assessmentKinds';
import { BankTools } from '../question-banks/BankTools';
import { RandomDrawSection } from '../question-banks/RandomDrawSection';
import { QuestionEditor } from '../assessment-form/QuestionEditor';
import { StudentPicker, type StudentsOf } from './StudentPicker';

/** The due date-time field (datetime-local, to the minute); also used by the reuse dialog. */
export function DueDateField({
  id,
  value,
  onChange,
  error,
  required,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  required?: boolean;
}) {
  return (
    <TextField
      id={id}
      label="Due Date"
      type="datetime-local"
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, 16))}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

interface AssessmentDialogProps {
  kind: Kind;
  /** The values to start from: the defaults to create, the item's to edit. */
  initial: AssessmentFields;
  editing: boolean;
  /** Whose students the individual scope's picker offers: the course's, or the module's course's. */
  studentsOf: StudentsOf;
  onClose(): void;
  onSave(fields: AssessmentFields): Promise<string | null>;
  /**
   * Asked before saving: what to show the teacher first (the regrade preview of an edit), or null to save at
   * once. Once shown, the next submit saves; any change asks again.
   */
  preview?(fields: AssessmentFields): Promise<ReactNode | null>;
  /** The item being edited (its saved questions can go to a bank by id). */
  assessmentId?: string;
}

/**
 * Create / Edit Assignment, Exam or Quiz (spec section 2): title, description, instructions, due date-time,
 * result visibility, visibility, scope with the student picker, and the questions. The checks of section 5 run
 * before sending, with the server's texts; a failed save keeps the dialog open with the server's message.
 */
export function AssessmentDialog({ kind, initial, editing, studentsOf, onClose, onSave, preview, assessmentId }: AssessmentDialogProps) {
  const form = useDialogForm<AssessmentFields>(initial, onClose);
  const { values, set } = form;
  const [errors, setErrors] = useState<AssessmentErrors>({});
  const [tried, setTried] = useState(false);
  const [shown, setShown] = useState<ReactNode | null>(null);
  const [previewing, setPreviewing] = useState(false);
  /** What Save to bank, Import QTI or Export QTI did (or why it failed). */
  const [bankNote, setBankNote] = useState<{ text: string; failed: boolean } | null>(null);
  const id = `${kind.key}-dialog`;

  const change = <K extends keyof AssessmentFields>(key: K, value: AssessmentFields[K]) => {
    set(key, value);
    setShown(null);
    if (tried) setErrors(validateAssessment(kind, { ...values, [key]: value }, editing));
  };

  const submit = () => {
    const found = validateAssessment(kind, values, editing);
    setTried(true);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (preview && !shown) {
      setPreviewing(true);
      void preview(values).then((first) => {
        setPreviewing(false);
        if (first) setShown(first);
        else void form.save(onSave);
      });
      return;
    }
    void form.save(onSave);
  };

  /** Bank questions join the list's end; a saved item that took them has a new version (issue 30). */
  const addFromBank = (added: QuestionDraft[], version?: number) => {
    change('questions', [...values.questions, ...added]);
    if (version !== undefined) set('version', version);
  };

  const setScope = (scope: AssessmentScope) => {
    change('scope', scope);
    // switching to the whole class clears the chosen students (spec section 4)
    if (scope === 'WHOLE_CLASS') set('targetStudentIds', []);
  };

  return (
    <FormDialog
      id={id}
      title={`${editing ? 'Edit' : 'Create'} ${kind.noun}`}
      submitLabel={shown ? 'Save and Regrade' : `${editing ? 'Update' : 'Create'} ${kind.noun}`}
      onSubmit={submit}
      maxWidth="md"
      {...form.dialog}
      submitting={form.dialog.submitting || previewing}
    >
      <TitleDescriptionFields
        idPrefix={kind.key}
        required
        autoFocus
        values={values}
        error={errors.title}
        rows={2}
        onChange={(key, value) => change(key, value)}
      />
      <TextField id={`${kind.key}-instructions`} label="Instructions" multiline minRows={2} {...form.text('instructions')} />
      <DueDateField id={`${kind.key}-due`} required value={values.dueDate} onChange={(v) => change('dueDate', v)} error={errors.dueDate} />
      <TextField
        id={`${kind.key}-results`}
        label="Result Visibility"
        select
        value={values.resultVisibility}
        onChange={(e) => change('resultVisibility', e.target.value as ResultVisibility)}
        helperText={RESULT_VISIBILITY_HELP[values.resultVisibility]}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {RESULT_VISIBILITIES.map((r) => (
          <option key={r} value={r}>
            {RESULT_VISIBILITY_LABEL[r]}
          </option>
        ))}
      </TextField>
      <VisibleCheckbox id={`${kind.key}-visible`} checked={values.isVisible} onChange={(v) => change('isVisible', v)} />
      <FormControl>
        <FormLabel id={`${kind.key}-scope-label`}>Scope</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${kind.key}-scope-label`}
          value={values.scope}
          onChange={(e) => setScope(e.target.value as AssessmentScope)}
        >
          {SCOPES.map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={SCOPE_LABEL[s]} />
          ))}
        </RadioGroup>
      </FormControl>
      {values.scope === 'INDIVIDUAL_STUDENTS' && (
        <StudentPicker
          of={studentsOf}
          selectedIds={values.targetStudentIds}
          onChange={(ids) => change('targetStudentIds', ids)}
          error={errors.students}
        />
      )}
      <QuestionEditor
        questions={values.questions}
        onChange={(q) => change('questions', q)}
        error={errors.questions}
        showErrors={tried}
        actions={
          <BankTools
            assessmentId={assessmentId}
            title={values.title.trim() || kind.noun}
            questions={values.questions}
            onAdd={addFromBank}
            onSaved={(text) => setBankNote({ text, failed: false })}
            onFailed={(text) => setBankNote({ text, failed: true })}
          />
        }
      />
      {bankNote && (
        <Alert severity={bankNote.failed ? 'error' : 'success'} onClose={() => setBankNote(null)}>
          {bankNote.text}
        </Alert>
      )}
      <RandomDrawSection draws={values.randomDraws} onChange={(d) => change('randomDraws', d)} error={errors.draws} />
      {shown}
    </FormDialog>
  );
}
