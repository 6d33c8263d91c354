import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { CommentBankRow, snippetShortcut, withSnippet } from './CommentBankRow';
import type { CommentBank } from './useCommentBank';
import { points } from '../submissions/myItems';
import type { GradingGradeFragment } from './grading.generated';
import type { QuestionWithKeyFragment } from '../../lib/questions.generated';
import type { SaveResult } from './useGradingDashboard';
import { useGradeForm, type GradeFormHandle } from './useGradeForm';

interface GradeFormProps {
  /** Unique on the page: the fields' ids start with it. */
  id: string;
  question: QuestionWithKeyFragment;
  grade: GradingGradeFragment | null;
  onSave(score: number, feedback: string, expectedVersion: number): Promise<SaveResult>;
  /** Registers the block with the panel's Save all. */
  register?(handle: GradeFormHandle | null): void;
  /** The teacher's comment bank, under the feedback. */
  bank?: CommentBank;
}

/**
 * A question's 'Grading & Feedback' block (section 2): the score (0 to the question's points, step 0.01,
 * placeholder 0.00), the feedback (3 rows) and 'Save Grade & Feedback'. Enter in the score saves this question;
 * Ctrl+Enter anywhere is the panel's Save all.
 */
export function GradeForm({ id, question, grade, onSave, register, bank }: GradeFormProps) {
  const form = useGradeForm(grade, question.points, onSave, register);
  const autoGraded = grade?.isAutoGraded ?? false;
  const partial = autoGraded && Boolean(question.partialMarking?.enabled);
  const overridden = grade && !grade.isAutoGraded && grade.autoScore !== null && grade.autoScore !== undefined;

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
      sx={{ mt: 2, p: 2, bgcolor: '#f5f7ff', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id={`${id}-heading`} variant="h4" component="h4" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          Grading &amp; Feedback
        </Typography>
        {autoGraded && <Chip size="small" color="info" label={partial ? 'Auto-graded (Partial)' : 'Auto-graded'} />}
      </Box>
      <Banner severity="success" message={form.success} onClose={form.clearSuccess} />
      <Banner severity="error" message={form.error} onClose={form.clearError} />
      {form.conflict && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {form.conflict}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id={`${id}-score`}
          label="Score"
          type="number"
          value={form.score}
          onChange={(event) => form.change({ score: event.target.value })}
          placeholder="0.00"
          helperText={autoGraded ? 'Override the auto-generated score if needed' : 'Enter the score for this question'}
          sx={{ maxWidth: 260 }}
          slotProps={{
            htmlInput: { min: 0, max: question.points, step: 0.01, 'data-grade-score': question.id },
            input: { endAdornment: <InputAdornment position="end">{`/ ${question.points}`}</InputAdornment> },
            inputLabel: { shrink: true },
          }}
        />
        {(overridden || grade?.gradedByName) && (
          <Typography variant="body2" color="text.secondary">
            {[
              overridden ? `Automatic score: ${points(grade.autoScore ?? 0)}` : null,
              grade?.gradedByName ? `Last graded by ${grade.gradedByName}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
        <TextField
          id={`${id}-feedback`}
          label="Feedback"
          multiline
          rows={3}
          value={form.feedback}
          onChange={(event) => form.change({ feedback: event.target.value })}
          helperText="This feedback will be visible to the student once graded"
          fullWidth
          onKeyDown={(event) => {
            const n = bank ? snippetShortcut(event) : null;
            const snippet = n === null ? undefined : bank?.snippets[n];
            if (!snippet) return;
            event.preventDefault();
            form.change({ feedback: withSnippet(form.feedback, snippet.text) });
          }}
        />
        {bank && (
          <CommentBankRow
            bank={bank}
            id={id}
            feedback={form.feedback}
            onInsert={(text) => form.change({ feedback: withSnippet(form.feedback, text) })}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={form.busy}>
            {form.busy ? 'Saving...' : 'Save Grade & Feedback'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
