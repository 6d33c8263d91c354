import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import DownloadIcon from '@mui/icons-material/Download';
import { formatDateTime } from '../../lib/format';
import { points } from '../submissions/myItems';
import { percentOf, type GradingSubmission } from './dashboardMerge';
import { TYPE_LABELS, hasGrades } from './gradingQueue';
import { FilePreview } from './FilePreview';
import { GradeForm } from './GradeForm';
import type { QuestionWithKeyFragment } from '../../lib/questions.generated';
import type { SaveResult } from './useGradingDashboard';
import type { GradeFormHandle } from './useGradeForm';
import { QuestionImages } from '../../components/QuestionImages';
import type { CommentBank } from './useCommentBank';

type Answer = GradingSubmission['answers'][number];

interface DetailProps {
  submission: GradingSubmission;
  questions: readonly QuestionWithKeyFragment[];
  /** Grading one question across students: only this one shows (numbered as in the item). */
  only: string | null;
  /** The teacher's comment bank, offered under every feedback. */
  bank: CommentBank;
  /** Each question's block registers with Save all. */
  registerFor(questionId: string): (handle: GradeFormHandle | null) => void;
  onSave(questionId: string, score: number, feedback: string, expectedVersion: number): Promise<SaveResult>;
  onDownload(file: { id: string; name: string }): void;
  /** The download path of a file of this submission (the inline preview fetches it). */
  fileUrl(file: { id: string }): string;
}

/**
 * The right panel below its header (section 2): when it was submitted, 'Total Score: x/y' with the rounded
 * percentage once anything is graded, then each question with the student's answer and its 'Grading &
 * Feedback' block.
 */
export function SubmissionDetail({ submission: s, questions, only, bank, registerFor, onSave, onDownload, fileUrl }: DetailProps) {
  const answers = new Map(s.answers.map((a) => [a.questionId, a]));
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography>{s.submittedAt ? `Submitted: ${formatDateTime(s.submittedAt)}` : 'Not submitted yet'}</Typography>
        {s.isAutoSubmitted && <Chip size="small" label="Auto-submitted (Overdue)" sx={{ mt: 1, bgcolor: '#ef6c00', color: '#000' }} />}
        {hasGrades(s) ? (
          <Typography sx={{ mt: 1, fontSize: '1.25rem', fontWeight: 700 }}>
            {`Total Score: ${points(s.totalScore ?? 0)}/${points(s.maxScore)}`}{' '}
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>{`(${percentOf(s)}%)`}</Box>
          </Typography>
        ) : (
          <Typography sx={{ mt: 1, fontWeight: 600 }} color="text.secondary">{`Not graded yet · ${points(s.maxScore)} points`}</Typography>
        )}
      </Box>
      <Box component="ol" aria-label="Questions" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {questions.map((q, i) => {
          if (only && q.id !== only) return null;
          const answer = answers.get(q.id);
          return (
            <Paper component="li" variant="outlined" key={q.id} aria-label={`Question ${i + 1}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="h3" component="h3">{`Question ${i + 1}`}</Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <Chip size="small" variant="outlined" label={TYPE_LABELS[q.type]} />
                  <Typography color="text.secondary">{`${q.points} ${q.points === 1 ? 'point' : 'points'}`}</Typography>
                </Box>
              </Box>
              <Typography sx={{ mb: 1.5, whiteSpace: 'pre-wrap' }}>{q.questionText}</Typography>
              <QuestionImages images={q.images} />
              <StudentAnswer question={q} answer={answer} onDownload={onDownload} fileUrl={fileUrl} />
              <GradeForm
                key={`${s.id}-${q.id}`}
                id={`grade-${i + 1}`}
                question={q}
                grade={answer?.grade ?? null}
                register={registerFor(q.id)}
                bank={bank}
                onSave={(score, feedback, expectedVersion) => onSave(q.id, score, feedback, expectedVersion)}
              />
            </Paper>
          );
        })}
      </Box>
    </>
  );
}

interface AnswerProps {
  question: QuestionWithKeyFragment;
  answer: Answer | undefined;
  onDownload(file: { id: string; name: string }): void;
  fileUrl(file: { id: string }): string;
}

function StudentAnswer({ question, answer, onDownload, fileUrl }: AnswerProps) {
  if (question.type === 'MCQ') return <McqAnswer question={question} answer={answer} />;
  const text = answer?.answer ?? '';
  const accepted = question.acceptedAnswers ?? [];
  return (
    <>
      <Typography variant="subtitle2" component="p">
        {"Student's answer"}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', color: text ? 'text.primary' : 'text.secondary' }}>{text || 'No answer'}</Typography>
      {answer?.file && (
        <Button size="small" variant="outlined" startIcon={<DownloadIcon />} sx={{ mt: 1 }} onClick={() => onDownload(answer.file!)}>
          {`Download ${answer.file.name}`}
        </Button>
      )}
      {answer?.file && <FilePreview path={fileUrl(answer.file)} name={answer.file.name} mimeType={answer.file.mimeType} />}
      {question.type === 'SHORT_ANSWER' && accepted.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="p">
            Acceptable Answers
          </Typography>
          <List dense disablePadding>
            {accepted.map((a) => (
              <ListItem key={a.answer} disableGutters>
                {a.weight === 100 ? a.answer : `${a.answer} (${a.weight}%)`}
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </>
  );
}

/** Every option: the chosen ones ticked, the correct ones '✓ Correct Answer', wrongly chosen ones '✗ Selected'. */
function McqAnswer({ question, answer }: { question: QuestionWithKeyFragment; answer: Answer | undefined }) {
  const selected = new Set(answer?.selectedOptionIds);
  return (
    <List dense disablePadding aria-label="Options">
      {question.options.map((o) => {
        const chosen = selected.has(o.id);
        return (
          <ListItem key={o.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            {chosen ? (
              <CheckBoxIcon fontSize="small" color="primary" titleAccess="Selected" />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" titleAccess="Not selected" />
            )}
            <span>{o.text}</span>
            {o.isCorrect && <Chip size="small" color="success" label="✓ Correct Answer" />}
            {chosen && !o.isCorrect && <Chip size="small" color="error" label="✗ Selected" />}
          </ListItem>
        );
      })}
    </List>
  );
}
