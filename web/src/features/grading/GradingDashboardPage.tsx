import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink } from '../../components/DetailPage';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { formatDateTime } from '../../lib/format';
import { DashboardResultsBar } from './DashboardResultsBar';
import { HiddenItemNotice } from '../results/HiddenItemNotice';
import { pointsText } from '../submissions/myItems';
import { notFoundText, notFoundTitle, STUDENT_KINDS } from '../submissions/studentKinds';
import { studentName, type Dashboard, type GradingSubmission, type Student } from './dashboardMerge';
import { GradingNav } from './GradingNav';
import {
  DEFAULT_VIEW,
  allQuestions,
  firstForTeacher,
  needsGrading,
  nextUngraded,
  positionIn,
  questionsOf,
  queueOf,
  stepFrom,
  visibleLists,
  type ListView,
} from './gradingQueue';
import { ListControls } from './ListControls';
import { useCommentBank } from './useCommentBank';
import { useGradingKeys } from './useGradingKeys';
import { useGradingPanel } from './useGradingPanel';
import { GRADING_KINDS, type GradingKind } from './gradingKinds';
import { ReopenDialog, reopenTarget, type ReopenTarget } from './ReopenDialog';
import { SubmissionDetail } from './SubmissionDetail';
import { SubmissionList } from './SubmissionList';
import { useGradingDashboard } from './useGradingDashboard';
import { pathTo } from '@lms/routes';

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

/**
 * Where focus goes after the next render: the chosen submission's first question that needs the teacher
 * (keyboard and the Previous / Next buttons) or its heading (a click on a card), or a student's card (Back to
 * list; a reopen that moved it to the Reopened list, whose button is gone).
 */
interface FocusRequest {
  studentId: string;
  to: 'score' | 'heading' | 'card' | 'reopened';
  n: number;
}

/**
 * A grading dashboard (assessments.md section 2; issue 25): Back, 'Grading Dashboard' with the item's title,
 * the five tiles, the lists with search, sort and filter on the left and the chosen submission on the right
 * (on phones and tablets the chosen submission alone, with Back to list). The panel's header keeps the
 * student's name, the place in the queue, Save all and Previous / Next / Next ungraded in view; the keys
 * (useGradingKeys) work from anywhere, score fields included. One request loads it all.
 */
function GradingDashboardPage({ kind }: { kind: GradingKind }) {
  const params = useParams();
  const g = useGradingDashboard(kind, params[kind.param] ?? '');
  const d = g.dashboard;
  useDocumentTitle(d ? `Grading: ${d.assessment.title}` : 'Grading Dashboard');
  const [reopening, setReopening] = useState<ReopenTarget | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [view, setView] = useState<ListView>(DEFAULT_VIEW);
  const detail = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(0);
  const selected = g.selected;
  const selectedId = selected?.student.id ?? null;
  // a random draw gives each student their own questions (issue 30)
  const questions = useMemo(() => (d ? questionsOf(d.assessment, selected) : NO_QUESTIONS), [d, selected]);
  const everyQuestion = useMemo(() => (d ? allQuestions(d.assessment) : NO_QUESTIONS), [d]);
  const shownQuestions = useMemo(
    () => (g.questionId ? questions.filter((q) => q.id === g.questionId) : questions),
    [questions, g.questionId],
  );
  const panel = useGradingPanel(selected, shownQuestions, g.saveAll);
  const bank = useCommentBank(g.snippets);
  const lists = useMemo(() => (d ? visibleLists(d, view) : null), [d, view]);
  const queue = lists ? queueOf(lists) : [];

  useEffect(() => {
    if (!focus || focus.n === focused.current) return;
    if (focus.to === 'card' || focus.to === 'reopened') {
      // once the page shows the card (a reopen's answer reaches the list a render later)
      const scope = focus.to === 'reopened' ? '[aria-labelledby="list-reopened"] ' : '';
      const card = document.querySelector<HTMLElement>(`${scope}[data-student-id="${CSS.escape(focus.studentId)}"]`);
      if (!card) return;
      focused.current = focus.n;
      card.focus();
      return;
    }
    if (focus.studentId !== selectedId || !selected) return;
    focused.current = focus.n;
    const qid = focus.to === 'score' ? firstForTeacher(selected, shownQuestions) : null;
    const score = qid ? detail.current?.querySelector<HTMLElement>(`[data-grade-score="${CSS.escape(qid)}"]`) : null;
    if (score) {
      // centred: neither the sticky header nor the phone's bottom bar covers it
      score.focus({ preventScroll: true });
      score.scrollIntoView({ block: 'center' });
    } else {
      heading.current?.focus({ preventScroll: true });
      detail.current?.scrollIntoView({ block: 'start' });
    }
  }, [focus, selectedId, selected, shownQuestions, d]);

  const focusLater = (studentId: string, to: FocusRequest['to']) => setFocus((prev) => ({ studentId, to, n: (prev?.n ?? 0) + 1 }));
  const go = (target: GradingSubmission | null) => {
    if (!target) return;
    g.select(target.student.id);
    focusLater(target.student.id, 'score');
  };
  const ungraded = nextUngraded(queue, selectedId, needsGrading(g.questionId));
  const nav = {
    previous: () => go(stepFrom(queue, selectedId, -1)),
    next: () => go(stepFrom(queue, selectedId, 1)),
    nextUngraded: ungraded ? () => go(ungraded) : null,
    saveAll: () => void panel.saveChanged(),
  };
  useGradingKeys(Boolean(d) && !reopening, selectedId !== null, nav);

  const open = (studentId: string) => focusLater(studentId, 'heading');
  const backToList = () => {
    if (selectedId) focusLater(selectedId, 'card');
    g.select(null);
  };
  const reopen = async (student: Student, newDueDate: string) => {
    // Extend Again keeps the card where it is, and the dialog gives the focus back to its button
    const moves = !d?.reopened.some((s) => s.student.id === student.id);
    const failed = await g.reopen(student, newDueDate);
    if (!failed && moves) focusLater(student.id, 'reopened');
    return failed;
  };

  if (g.loading) return <Spinner label={kind.loadingText} />;
  if (g.loadError) return <Banner severity="error" message={g.loadError} />;
  if (g.notFound || !d || !lists) {
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
      ? { to: pathTo('module', { moduleId: item.module.id }), label: 'Back to Module' }
      : { to: pathTo('course', { courseId: item.course.id }), label: 'Back to Course' };
  // phones and tablets: the chosen submission alone, the list alone otherwise
  const narrow = (shown: boolean) => ({ xs: shown ? 'block' : 'none', lg: 'block' });

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
      <Box sx={{ display: narrow(!selected) }}>
        <Tiles dashboard={d} />
        <DashboardResultsBar dashboard={d} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(260px, 340px) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-label="Students" sx={{ display: narrow(!selected) }}>
          <ShortcutHint />
          <ListControls
            view={view}
            onChange={setView}
            questions={everyQuestion}
            fixedCount={item.questions.length}
            questionId={g.questionId}
            onQuestion={g.chooseQuestion}
          />
          <SubmissionList
            kind={kind}
            lists={lists}
            isPastDue={d.isPastDue}
            narrowed={view.filter !== 'all' || view.search.trim() !== ''}
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
        <Paper
          ref={detail}
          component="section"
          variant="outlined"
          aria-label="Submission"
          sx={{
            p: { xs: 1.5, sm: 3 },
            pt: { xs: 0, sm: 0 },
            pb: { xs: 10, lg: 3 },
            minWidth: 0,
            display: narrow(Boolean(selected)),
            scrollMarginTop: { xs: 56, sm: 64 },
          }}
        >
          {selected ? (
            <>
              <GradingNav
                name={studentName(selected.student)}
                email={selected.student.email}
                position={positionIn(queue, selectedId)}
                headingRef={heading}
                onBack={backToList}
                onPrevious={nav.previous}
                onNext={nav.next}
                onNextUngraded={nav.nextUngraded}
                onSaveAll={nav.saveAll}
                saving={panel.busy}
                unansweredCount={panel.unansweredCount}
                onGradeUnanswered={() => void panel.gradeUnanswered()}
                success={panel.success}
                error={panel.error}
                clearSuccess={panel.clearSuccess}
                clearError={panel.clearError}
              />
              <SubmissionDetail
                key={selected.id}
                submission={selected}
                questions={questions}
                only={g.questionId}
                bank={bank}
                registerFor={panel.registerFor}
                onSave={(questionId, score, feedback, expectedVersion) =>
                  g.saveGrade(selected, questionId, score, feedback, expectedVersion)
                }
                onDownload={(file) => void g.download(selected, file)}
                fileUrl={(file) => g.filePath(selected, file)}
              />
            </>
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

const NO_QUESTIONS: readonly never[] = [];

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
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 3,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
      }}
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
  const key = {
    px: 0.5,
    border: 1,
    borderColor: 'divider',
    borderRadius: 0.5,
    fontFamily: 'monospace',
    fontSize: '0.8rem',
    bgcolor: 'background.paper',
  };
  return (
    // phones seldom have a keyboard (their Previous / Next / Next ungraded bar is at thumb reach)
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, display: { xs: 'none', sm: 'block' } }}>
      <Box component="kbd" sx={key}>
        Alt+↓
      </Box>{' '}
      /{' '}
      <Box component="kbd" sx={key}>
        Alt+↑
      </Box>{' '}
      (or{' '}
      <Box component="kbd" sx={key}>
        J
      </Box>{' '}
      /{' '}
      <Box component="kbd" sx={key}>
        K
      </Box>
      ): next / previous ·{' '}
      <Box component="kbd" sx={key}>
        Alt+N
      </Box>
      : next ungraded ·{' '}
      <Box component="kbd" sx={key}>
        Ctrl+Enter
      </Box>
      : save all
    </Typography>
  );
}
