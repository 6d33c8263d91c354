import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink } from '../../components/DetailPage';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../layout/useDocumentTitle';
import { formatDateTime } from '../courses/format';
import { DashboardResultsBar } from '../results/DashboardResultsBar';
import { HiddenItemNotice } from '../results/HiddenItemNotice';
import { pointsText } from '../submissions/myItems';
import { notFoundText, notFoundTitle, STUDENT_KINDS } from '../submissions/studentKinds';
import { studentName, type Dashboard, type Student } from './dashboardMerge';
import { GRADING_KINDS, type GradingKind } from './gradingKinds';
import { ReopenDialog, reopenTarget, type ReopenTarget } from './ReopenDialog';
import { SubmissionDetail } from './SubmissionDetail';
import { SubmissionList } from './SubmissionList';
import { useGradingDashboard } from './useGradingDashboard';

/** /dashboard/assignments/{assignmentId}/submissions */
export function AssignmentGradingPage() {
  return <GradingDashboardPage kind={GRADING_KINDS.assignment} />;
}
/** /dashboard/quizzes/{quizId}/quizsubmissions */
export function QuizGradingPage() {
  return <GradingDashboardPage kind={GRADING_KINDS.quiz} />;
}
/** /dashboard/exams/{examId}/examsubmissions */
export function ExamGradingPage() {
  return <GradingDashboardPage kind={GRADING_KINDS.exam} />;
}

/** Keys typed into a field are the teacher's text, not shortcuts. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Where focus goes after the next render: the chosen submission's first score (keyboard) or its heading (a click),
 * or a student's card once a reopen moved it to the Reopened list (the button that opened the dialog is gone).
 */
interface FocusRequest {
  studentId: string;
  to: 'score' | 'heading' | 'card';
  n: number;
}

/**
 * A grading dashboard (assessments.md section 2): Back, 'Grading Dashboard' with the item's title, the five
 * tiles, the lists on the left (above on phones) and the chosen submission on the right. Keyboard: Alt+Down /
 * Alt+Up (or J / K outside fields) go to the next / previous submission and put the cursor in its first score;
 * Enter in a score or Ctrl+Enter in a grading block saves. One request loads it all.
 */
function GradingDashboardPage({ kind }: { kind: GradingKind }) {
  const params = useParams();
  const g = useGradingDashboard(kind, params[kind.param] ?? '');
  const d = g.dashboard;
  useDocumentTitle(d ? `Grading: ${d.assessment.title}` : 'Grading Dashboard');
  const [reopening, setReopening] = useState<ReopenTarget | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const detail = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(0);
  const selectedId = g.selected?.student.id ?? null;

  useEffect(() => {
    if (!focus || focus.n === focused.current) return;
    if (focus.to === 'card') {
      // once the page shows the student among the Reopened (the mutation's answer reaches the list a render later)
      const card = document.querySelector<HTMLElement>(`[aria-labelledby="list-reopened"] [data-student-id="${CSS.escape(focus.studentId)}"]`);
      if (!card) return;
      focused.current = focus.n;
      card.focus();
      return;
    }
    if (focus.studentId !== selectedId) return;
    focused.current = focus.n;
    const score = focus.to === 'score' ? detail.current?.querySelector<HTMLElement>('[data-grade-score]') : null;
    (score ?? heading.current)?.focus();
  }, [focus, selectedId, d]);

  const { step } = g;
  useEffect(() => {
    if (!d || reopening) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey) return;
      const plain = !event.altKey && !event.shiftKey && !typing(event.target);
      const delta =
        (event.altKey && event.key === 'ArrowDown') || (plain && event.key === 'j') ? 1 : (event.altKey && event.key === 'ArrowUp') || (plain && event.key === 'k') ? -1 : 0;
      if (!delta) return;
      event.preventDefault();
      const next = step(delta);
      if (next) setFocus((prev) => ({ studentId: next.student.id, to: 'score', n: (prev?.n ?? 0) + 1 }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [d, reopening, step]);

  const focusLater = (studentId: string, to: FocusRequest['to']) => setFocus((prev) => ({ studentId, to, n: (prev?.n ?? 0) + 1 }));
  const open = (studentId: string) => focusLater(studentId, 'heading');
  const reopen = async (student: Student, newDueDate: string) => {
    // Extend Again keeps the card where it is, and the dialog gives the focus back to its button
    const moves = !d?.reopened.some((s) => s.student.id === student.id);
    const failed = await g.reopen(student, newDueDate);
    if (!failed && moves) focusLater(student.id, 'card');
    return failed;
  };

  if (g.loading) return <Spinner label={kind.loadingText} />;
  if (g.loadError) return <Banner severity="error" message={g.loadError} />;
  if (g.notFound || !d) {
    const student = STUDENT_KINDS[kind.key];
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
          {notFoundTitle(student)}
        </Typography>
        <Typography color="text.secondary">{notFoundText(student)}</Typography>
      </Paper>
    );
  }

  const item = d.assessment;
  const back =
    kind.backTo === 'module' && item.module
      ? { to: `/dashboard/modules/${item.module.id}`, label: 'Back to Module' }
      : { to: `/dashboard/courses/${item.course.id}`, label: 'Back to Course' };

  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h1" component="h1">
          Grading Dashboard
        </Typography>
        <Typography component="p" sx={{ fontSize: '1.2rem', fontWeight: 600, mt: 0.5 }}>
          {item.title}
        </Typography>
        <Typography color="text.secondary">{`Due: ${formatDateTime(item.dueDate)} · ${pointsText(item.totalPoints)}`}</Typography>
      </Box>
      <Banner severity="success" message={g.success} onClose={g.clearSuccess} />
      <Banner severity="error" message={g.error} onClose={g.clearError} />
      <Tiles dashboard={d} />
      <DashboardResultsBar dashboard={d} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(260px, 340px) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box component="section" aria-label="Students">
          <ShortcutHint />
          <SubmissionList
            kind={kind}
            dashboard={d}
            selectedStudentId={g.selectedStudentId}
            onSelect={(s) => {
              g.select(s.student.id);
              open(s.student.id);
            }}
            onOpenOverdue={(o) => {
              void g.openOverdue(o.student).then((ok) => ok && open(o.student.id));
            }}
            onReopen={(student, submission) => setReopening(reopenTarget(student, submission, item.dueDate, Date.now()))}
          />
        </Box>
        <Paper ref={detail} component="section" variant="outlined" aria-label="Submission" sx={{ p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
          {g.selected ? (
            <SubmissionDetail
              submission={g.selected}
              questions={item.questions}
              headingRef={heading}
              onSave={(questionId, score, feedback, expectedVersion) => g.saveGrade(g.selected!, questionId, score, feedback, expectedVersion)}
              onDownload={(file) => void g.download(g.selected!, file)}
            />
          ) : (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
              {kind.selectText}
            </Typography>
          )}
        </Paper>
      </Box>
      {reopening && (
        <ReopenDialog
          kind={kind}
          itemTitle={item.title}
          target={reopening}
          onClose={() => setReopening(null)}
          onReopen={reopen}
          notice={<HiddenItemNotice item={item} noun={kind.noun} studentName={studentName(reopening.student)} />}
        />
      )}
    </>
  );
}

/** Total Students, Submitted, 'Not Submitted' before the due date or 'Overdue' after it, Graded, Reopened. */
function Tiles({ dashboard: d }: { dashboard: Dashboard }) {
  const tiles: Array<[string, number]> = [
    ['Total Students', d.totalStudents],
    ['Submitted', d.submittedCount],
    d.isPastDue ? ['Overdue', d.overdueCount] : ['Not Submitted', d.notSubmittedCount],
    ['Graded', d.gradedCount],
    ['Reopened', d.reopenedCount],
  ];
  return (
    <Box
      component="ul"
      aria-label="Summary"
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' } }}
    >
      {tiles.map(([label, value]) => (
        <Paper component="li" variant="outlined" key={label} sx={{ p: 1.5, textAlign: 'center' }}>
          <Typography component="span" sx={{ display: 'block', fontSize: '1.6rem', fontWeight: 700 }}>
            {value}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function ShortcutHint() {
  const key = { px: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontFamily: 'monospace', fontSize: '0.8rem', bgcolor: 'background.paper' };
  return (
    // phones seldom have a keyboard: the hint shows from the small-tablet width up
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, display: { xs: 'none', sm: 'block' } }}>
      <Box component="kbd" sx={key}>Alt+↓</Box> / <Box component="kbd" sx={key}>Alt+↑</Box> (or <Box component="kbd" sx={key}>J</Box> /{' '}
      <Box component="kbd" sx={key}>K</Box>): next / previous submission · <Box component="kbd" sx={key}>Ctrl+Enter</Box>: save a grade
    </Typography>
  );
}
