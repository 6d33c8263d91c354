import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import DownloadIcon from '@mui/icons-material/Download';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../lib/errors';
import { Banner } from '../../components/Banner';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { ItemFrame, ItemHeader, QuestionHeading } from './ItemParts';
import { SUBMISSION_STATE_LABEL, points, scoreText } from './myItems';
import { STUDENT_KINDS, submitPath, type StudentKind } from './studentKinds';
import { useViewPageQuery, type MySubmissionViewFragment, type StudentQuestionFragment } from './submissions.generated';

export function AssignmentViewPage() {
  return <ViewPage kind={STUDENT_KINDS.assignment} />;
}
export function QuizViewPage() {
  return <ViewPage kind={STUDENT_KINDS.quiz} />;
}
export function ExamViewPage() {
  return <ViewPage kind={STUDENT_KINDS.exam} />;
}

type Answer = MySubmissionViewFragment['answers'][number];

/**
 * /dashboard/{assignments|quizzes|exams}/{id}/view (section 2): the submission banner, the score, each question's
 * result with the student's answer and the teacher's feedback: only what the server sends (it enforces the
 * result visibility). One request.
 */
function ViewPage({ kind }: { kind: StudentKind }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useViewPageQuery({ variables: { id } });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const item = query.data?.assessment && query.data.assessment.kind === kind.gql ? query.data.assessment : null;
  const notFound = errorCode(query.error) === 'NOT_FOUND' || Boolean(query.data && !item);
  const mine = item?.mySubmission ?? null;
  // work opened for the student with nothing handed in yet (reopened while overdue, or a late joiner's): none to view
  const submission = mine && !(mine.status === 'REOPENED' && !mine.submittedAt) ? mine : null;
  const answers = new Map(submission?.answers.map((a) => [a.questionId, a]));

  const download = async (fileId: string, name: string) => {
    if (!submission) return;
    setDownloadError(null);
    try {
      await downloadFile(
        `${kind.downloadPath}/${encodeURIComponent(submission.id)}/${encodeURIComponent(fileId)}`,
        name || 'submission_file',
      );
    } catch (error) {
      console.error('Failed to download file', error);
      setDownloadError('Failed to download file');
    }
  };

  return (
    <ItemFrame
      kind={kind}
      loading={query.loading && !query.data}
      loadError={query.error && !notFound ? errorMessage(query.error, kind.detailsFailedText) : null}
      notFound={notFound}
      title={item ? `Your work: ${item.title}` : null}
    >
      {item && (
        <>
          <ItemHeader item={item}>
            <Box sx={{ mt: 2 }}>
              <SubmissionBanner kind={kind} submission={submission} />
            </Box>
            {!submission && (
              <Button component={RouterLink} to={submitPath(kind, item.id)} variant="contained" sx={{ mt: 1 }}>
                Submit
              </Button>
            )}
            {/* reopened work still open: the course page sends every submission here, so Resubmit is here too */}
            {submission && item.myStatus?.canSubmit && (
              <Button component={RouterLink} to={submitPath(kind, item.id)} variant="contained" sx={{ mt: 1 }}>
                Resubmit
              </Button>
            )}
          </ItemHeader>
          <Banner severity="error" message={downloadError} onClose={() => setDownloadError(null)} />
          {submission && (
            <Box component="ol" aria-label="Results" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
              {item.questions.map((q, i) => (
                <Paper component="li" variant="outlined" key={q.id} aria-label={`Question ${i + 1}`} sx={{ p: { xs: 2, sm: 3 } }}>
                  <QuestionHeading n={i + 1} points={q.points} text={q.questionText} images={q.images} />
                  <AnswerResult question={q} answer={answers.get(q.id)} onDownload={(fileId, name) => void download(fileId, name)} />
                </Paper>
              ))}
            </Box>
          )}
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate(kind.listPath)} sx={{ mt: 3 }}>
            Back
          </Button>
        </>
      )}
    </ItemFrame>
  );
}

/** When and how it was submitted, and the score when the server sends one. */
function SubmissionBanner({ kind, submission }: { kind: StudentKind; submission: MySubmissionViewFragment | null }) {
  if (!submission) return <Alert severity="info">{`You have not submitted this ${kind.key} yet.`}</Alert>;
  const score =
    submission.totalScore !== null && submission.percentage !== null
      ? { totalScore: submission.totalScore, maxScore: submission.maxScore, percentage: submission.percentage }
      : null;
  return (
    <Alert severity={submission.isAutoSubmitted ? 'warning' : 'success'} role="status">
      <Typography sx={{ fontWeight: 600 }}>
        {submission.isAutoSubmitted
          ? `Auto-submitted (Overdue)${submission.submittedAt ? ` on ${formatDateTime(submission.submittedAt)}` : ''}`
          : `Submitted${submission.submittedAt ? ` on ${formatDateTime(submission.submittedAt)}` : ''}`}
        {` · ${SUBMISSION_STATE_LABEL[submission.status]}`}
      </Typography>
      {score ? (
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700, mt: 0.5 }}>
          {`${submission.isAutoSubmitted ? 'Auto Score' : 'Score'}: ${scoreText(score)}`}
        </Typography>
      ) : (
        <Typography sx={{ mt: 0.5 }}>
          {submission.status === 'GRADED'
            ? 'Your results will be shown once your teacher releases them.'
            : 'Your score will be shown once your work is graded.'}
        </Typography>
      )}
    </Alert>
  );
}

function AnswerResult({
  question,
  answer,
  onDownload,
}: {
  question: StudentQuestionFragment;
  answer: Answer | undefined;
  onDownload(fileId: string, name: string): void;
}) {
  const grade = answer?.grade ?? null;
  return (
    <>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        Your answer
      </Typography>
      {question.type === 'MCQ' ? (
        <McqResult question={question} answer={answer} />
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap', color: answer?.answer ? 'text.primary' : 'text.secondary' }}>
          {answer?.answer || 'No answer'}
        </Typography>
      )}
      {answer?.file && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ mt: 1 }}
          onClick={() => onDownload(answer.file!.id, answer.file!.name)}
        >
          {`Download ${answer.file.name}`}
        </Button>
      )}
      {answer?.acceptedAnswers && answer.acceptedAnswers.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="p">
            Acceptable Answers
          </Typography>
          <List dense disablePadding>
            {answer.acceptedAnswers.map((a) => (
              <ListItem key={a} disableGutters>
                {a}
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {!grade && answer?.feedback && (
        // Score Only: the teacher's words without the per-question score (the server sends no grade)
        <Box sx={{ mt: 2, p: 2, bgcolor: 'grey.100', borderRadius: 1 }}>
          <TeacherFeedback text={answer.feedback} />
        </Box>
      )}
      {grade && (
        <Box sx={{ mt: 2, p: 2, bgcolor: 'grey.100', borderRadius: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{`Score: ${points(grade.score)}/${points(grade.maxScore)}`}</Typography>
            {grade.isAutoGraded && <Chip size="small" label="Auto-graded" />}
          </Box>
          {grade.explanation && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {grade.explanation.text}
            </Typography>
          )}
          {grade.feedback && <TeacherFeedback text={grade.feedback} />}
        </Box>
      )}
    </>
  );
}

function TeacherFeedback({ text }: { text: string }) {
  return (
    <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
      <strong>Teacher feedback:</strong> {text}
    </Typography>
  );
}

/** The options, the chosen ones ticked; with the correct answers when the server sends them. */
function McqResult({ question, answer }: { question: StudentQuestionFragment; answer: Answer | undefined }) {
  const selected = new Set(answer?.selectedOptionIds);
  const correct = answer?.correctOptionIds ? new Set(answer.correctOptionIds) : null;
  return (
    <List dense disablePadding aria-label="Options">
      {question.options.map((o) => {
        const chosen = selected.has(o.id);
        return (
          <ListItem key={o.id} disableGutters sx={{ gap: 1 }}>
            {chosen ? (
              <CheckBoxIcon fontSize="small" color="primary" titleAccess="Selected" />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" titleAccess="Not selected" />
            )}
            <span>{o.text}</span>
            {correct?.has(o.id) && <Chip size="small" color="success" label="✓ Correct Answer" />}
            {correct && chosen && !correct.has(o.id) && <Chip size="small" color="error" label="✗ Selected" />}
          </ListItem>
        );
      })}
    </List>
  );
}
