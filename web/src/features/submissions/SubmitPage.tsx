import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { formatDateTime } from '../../lib/format';
import { ItemFrame, ItemHeader, QuestionHeading } from './ItemParts';
import { STUDENT_KINDS, viewPath, type StudentKind } from './studentKinds';
import type { StudentQuestionFragment } from './submissions.generated';
import { allowedUpload, UPLOAD_ACCEPT, UPLOAD_TYPE_TEXT, useSubmitPage, type AnswerState } from './useSubmitPage';
import { DRAFT_FILE_TEXT } from './useDraftFiles';

export function AssignmentSubmitPage() {
  return <SubmitPage kind={STUDENT_KINDS.assignment} />;
}
export function QuizSubmitPage() {
  return <SubmitPage kind={STUDENT_KINDS.quiz} />;
}
export function ExamSubmitPage() {
  return <SubmitPage kind={STUDENT_KINDS.exam} />;
}

/** /dashboard/{assignments|quizzes|exams}/{id}/submit (assessments.md sections 2 and 4). */
function SubmitPage({ kind }: { kind: StudentKind }) {
  const { id = '' } = useParams();
  const p = useSubmitPage(kind, id);
  const item = p.item;

  return (
    <ItemFrame kind={kind} loading={p.loading} loadError={p.loadError} notFound={p.notFound} title={item ? `Submit: ${item.title}` : null}>
      {item && p.answers && (
        <>
          <ItemHeader item={item} />
          {item.myStatus?.isReopened
            ? item.myStatus.canSubmit && (
                <Banner
                  severity="success"
                  message={`This ${kind.key} has been reopened for you. You can resubmit your work until ${formatDateTime(item.myStatus.dueDate)}.`}
                />
              )
            : null}
          {!item.myStatus?.canSubmit &&
            !p.success &&
            (item.myStatus?.isOverdue || !item.myStatus?.submissionId ? (
              <Banner
                severity="error"
                message={`Overdue: this ${kind.key} was due on ${formatDateTime(item.myStatus?.dueDate ?? item.dueDate)}. You can no longer submit your work.`}
              />
            ) : (
              <Banner
                severity="info"
                message={
                  <>
                    {`You have already submitted this ${kind.key}. `}
                    <Link component={RouterLink} to={viewPath(kind, item.id)}>
                      View your submission
                    </Link>
                  </>
                }
              />
            ))}
          <Box component="ol" aria-label="Questions" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {item.questions.map((q, i) => (
              <Paper component="li" variant="outlined" key={q.id} aria-label={`Question ${i + 1}`} sx={{ p: { xs: 2, sm: 3 } }}>
                <QuestionHeading n={i + 1} points={q.points} text={q.questionText} images={q.images} />
                <AnswerField
                  n={i + 1}
                  question={q}
                  value={p.answers![q.id]}
                  disabled={!p.canSubmit || p.busy}
                  onChange={(patch) => p.change(q.id, patch)}
                  onFile={(file) => p.chooseFile(q.id, file)}
                  onRemoveFile={(which) => p.removeFile(q.id, which)}
                />
              </Paper>
            ))}
          </Box>
          <Box sx={{ mt: 3 }}>
            <Banner severity="success" message={p.success} />
            <Banner severity="error" message={p.error} onClose={p.clearError} />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button variant="outlined" onClick={p.cancel}>
                Cancel
              </Button>
              <Button variant="contained" onClick={() => void p.submit()} disabled={!p.canSubmit || p.busy}>
                {p.busy ? 'Submitting...' : item.myStatus?.isReopened ? 'Resubmit' : 'Submit'}
              </Button>
            </Box>
          </Box>
        </>
      )}
    </ItemFrame>
  );
}

interface AnswerFieldProps {
  n: number;
  question: StudentQuestionFragment;
  value: AnswerState;
  disabled: boolean;
  onChange(patch: Partial<AnswerState>): void;
  /** LongAnswer: a chosen file, kept with the draft at once; resolves to the failure's text, or null. */
  onFile(file: File): Promise<string | null>;
  onRemoveFile(which: 'file' | 'draftFile' | 'previousFile'): Promise<string | null>;
}

/** Checkboxes for an MCQ (several options may be chosen), a line for a short answer, 6 rows and a file for a long one. */
function AnswerField({ n, question, value, disabled, onChange, onFile, onRemoveFile }: AnswerFieldProps) {
  if (question.type === 'MCQ') {
    const toggle = (optionId: string, on: boolean) =>
      onChange({ selectedOptionIds: on ? [...value.selectedOptionIds, optionId] : value.selectedOptionIds.filter((x) => x !== optionId) });
    return (
      <FormGroup aria-label={`Options of question ${n}`}>
        {question.options.map((o) => (
          <FormControlLabel
            key={o.id}
            control={
              <Checkbox
                checked={value.selectedOptionIds.includes(o.id)}
                onChange={(e) => toggle(o.id, e.target.checked)}
                disabled={disabled}
              />
            }
            label={o.text}
          />
        ))}
      </FormGroup>
    );
  }
  if (question.type === 'SHORT_ANSWER') {
    return (
      <TextField
        fullWidth
        label={`Answer to question ${n}`}
        value={value.answer}
        onChange={(e) => onChange({ answer: e.target.value })}
        disabled={disabled}
      />
    );
  }
  return (
    <>
      <TextField
        fullWidth
        multiline
        rows={6}
        label={`Answer to question ${n}`}
        value={value.answer}
        onChange={(e) => onChange({ answer: e.target.value })}
        disabled={disabled}
      />
      <FileChoice n={n} value={value} disabled={disabled} onFile={onFile} onRemoveFile={onRemoveFile} />
    </>
  );
}

function FileChoice({ n, value, disabled, onFile, onRemoveFile }: Omit<AnswerFieldProps, 'question' | 'onChange'>) {
  const [typeError, setTypeError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<string | null>) => {
    setSaving(true);
    setTypeError(await work());
    setSaving(false);
  };
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!file) return;
    if (!allowedUpload(file)) {
      setTypeError(UPLOAD_TYPE_TEXT);
      return;
    }
    void run(() => onFile(file));
  };
  // the newest first: a file waiting to be sent, the draft's, the one submitted before
  const which = value.file ? 'file' : value.draftFile ? 'draftFile' : value.previousFile ? 'previousFile' : null;
  const shown = value.file?.name ?? value.draftFile?.name ?? value.previousFile?.name;
  const note = which === 'draftFile' ? ` (${DRAFT_FILE_TEXT.kept})` : which === 'previousFile' ? ' (uploaded before)' : '';
  return (
    <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />} disabled={disabled || saving}>
        {saving ? 'Saving file...' : shown ? 'Replace File' : 'Upload File'}
        <input
          hidden
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-label={`File for question ${n}`}
          onChange={choose}
          disabled={disabled || saving}
        />
      </Button>
      {shown && which && (
        <>
          <Typography variant="body2" data-testid={`file-of-question-${n}`}>{`${shown}${note}`}</Typography>
          <IconButton
            size="small"
            aria-label={`Remove the file of question ${n}`}
            disabled={disabled || saving}
            onClick={() => void run(() => onRemoveFile(which))}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      )}
      <Typography
        variant="caption"
        color={typeError ? 'error' : 'text.secondary'}
        sx={{ width: '100%' }}
        role={typeError ? 'alert' : undefined}
      >
        {typeError ?? 'Allowed: .pdf, .jpg, .jpeg, .png, .doc, .docx, .txt'}
      </Typography>
    </Box>
  );
}
