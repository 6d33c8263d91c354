import { CombinedGraphQLErrors } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../lib/errors';
import { useActionMessages } from '../../components/useActionMessages';
import { fromLocalInput } from '../../lib/format';
import { downloadFile } from '../../lib/download';
import { mergeSubmissions, submissionOf, type GradingSubmission, type Student, type Tiles } from './dashboardMerge';
import { allQuestions } from './gradingQueue';
import { GRADE_FAILED_TEXT, GRADE_SAVED_TEXT, reopenFailedText, reopenedText, type GradingKind } from './gradingKinds';
import {
  GradingChangesDocument,
  GradingDashboardDocument,
  useCreateSubmissionForGradingMutation,
  useGradeAnswerMutation,
  useGradeSubmissionMutation,
  useGradingDashboardQuery,
  useReopenSubmissionMutation,
  type CommentSnippetFragment,
  type GradingGradeFragment,
} from './grading.generated';
import { useGradingChanges } from './useGradingChanges';

const NO_SNIPPETS: readonly CommentSnippetFragment[] = [];

/** The grade another teacher saved first (extensions.current of a CONFLICT). */
export interface CurrentGrade {
  score: number;
  feedback: string | null;
  version: number;
  gradedByName: string | null;
}

/** What a save gives the grading block: the grade now, or the failure's text (and on a conflict the newer grade). */
export type SaveResult =
  { ok: true; message: string; grade: GradingGradeFragment | null } | { ok: false; message: string; current: CurrentGrade | null };

/** What Save all gives the panel: the saved submission, or the failure (a conflict names its question). */
export type SaveAllResult =
  | { ok: true; message: string; submission: GradingSubmission }
  | { ok: false; message: string; current: CurrentGrade | null; questionId: string | null };

/** One question's grade in a Save all. */
export interface QuestionGrade {
  questionId: string;
  score: number;
  feedback?: string;
  expectedVersion: number;
}

/** The grade another teacher saved (extensions.current of a CONFLICT) and, for Save all, its question. */
function conflictOf(error: unknown): { current: CurrentGrade; questionId: string | null } | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const found = error.errors.find((e) => e.extensions?.code === 'CONFLICT');
  const current = found?.extensions?.current;
  if (!current || typeof current !== 'object' || typeof (current as CurrentGrade).version !== 'number') return null;
  const questionId = found?.extensions?.questionId;
  return { current: current as CurrentGrade, questionId: typeof questionId === 'string' ? questionId : null };
}

/**
 * A grading dashboard (assessments.md sections 2, 4, 5 and 8): one request loads the item, the tiles and the
 * three lists. Saving a grade, reopening and creating a submission answer the whole submission, which is folded
 * into the cached page's lists at once; the tiles then come from the change feed, asked right away, as the server
 * counts them (the page never counts them itself). While the page is visible, what other teachers and students
 * changed arrives every few seconds the same way. The chosen student is in the
 * address (?student=), so a reload or a shared link opens the same submission.
 */
export function useGradingDashboard(kind: GradingKind, assessmentId: string) {
  const query = useGradingDashboardQuery({ variables: { assessmentId } });
  const client = useApolloClient();
  const [gradeMutation] = useGradeAnswerMutation({ fetchPolicy: 'no-cache' });
  const [gradeAllMutation] = useGradeSubmissionMutation({ fetchPolicy: 'no-cache' });
  const [reopenMutation] = useReopenSubmissionMutation({ fetchPolicy: 'no-cache' });
  const [createMutation] = useCreateSubmissionForGradingMutation({ fetchPolicy: 'no-cache' });
  const msgs = useActionMessages();
  const [params, setParams] = useSearchParams();

  const loaded = query.data?.gradingDashboard ?? null;
  const dashboard = loaded && loaded.assessment.kind === kind.gql ? loaded : null;
  const notFound = errorCode(query.error) === 'NOT_FOUND' || Boolean(loaded && !dashboard);

  /**
   * Folds `submissions` (answers of this page's mutations and polls, not written to the cache by Apollo, so the
   * lists still hold the old ones to compare with) into the cached page; returns those of students in no list.
   */
  const merge = useCallback(
    (submissions: readonly GradingSubmission[], cursor?: string, tiles?: Tiles): GradingSubmission[] => {
      const cache = client.cache;
      const current = cache.readQuery({ query: GradingDashboardDocument, variables: { assessmentId } });
      if (!current) return [];
      const { dashboard: merged, unknown } = mergeSubmissions(current.gradingDashboard, submissions, tiles);
      const next = cursor && cursor !== merged.cursor ? { ...merged, cursor } : merged;
      if (next !== current.gradingDashboard) {
        cache.writeQuery({ query: GradingDashboardDocument, variables: { assessmentId }, data: { ...current, gradingDashboard: next } });
      }
      return unknown;
    },
    [client, assessmentId],
  );

  /** One poll: what changed since the cursor; a submission of a student in no list makes the page load again. */
  const poll = useCallback(async () => {
    const current = client.cache.readQuery({ query: GradingDashboardDocument, variables: { assessmentId } });
    if (!current) return;
    const { data } = await client.query({
      query: GradingChangesDocument,
      variables: { assessmentId, since: current.gradingDashboard.cursor },
      fetchPolicy: 'no-cache',
    });
    if (!data) return;
    const unknown = merge(data.gradingChanges.submissions, data.gradingChanges.cursor, data.gradingChanges.tiles);
    if (unknown.length) await client.query({ query: GradingDashboardDocument, variables: { assessmentId }, fetchPolicy: 'network-only' });
  }, [client, assessmentId, merge]);

  useGradingChanges(Boolean(dashboard), poll);

  /** A change this page made: its lists at once, then the tiles as the server counts them (the feed, right away). */
  const changedHere = useCallback(
    (submission: GradingSubmission) => {
      merge([submission]);
      void poll().catch(() => undefined);
    },
    [merge, poll],
  );

  const setParam = useCallback(
    (name: 'student' | 'question', value: string | null) =>
      setParams(
        () => {
          // from the address itself, not the render's params: react-router hands a functional update the params
          // of the last render, so a second change before the next render (choosing a question, then Alt+N at
          // once) would drop the first
          const next = new URLSearchParams(window.location.search);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const selectedStudentId = params.get('student');
  const select = useCallback((studentId: string | null) => setParam('student', studentId), [setParam]);
  const selected = dashboard ? submissionOf(dashboard, selectedStudentId) : null;
  // one question across all students (issue 25 point 2): the panel shows that question alone
  const asked = params.get('question');
  const questionId = dashboard && allQuestions(dashboard.assessment).some((q) => q.id === asked) ? asked : null;
  const chooseQuestion = useCallback((id: string | null) => setParam('question', id), [setParam]);

  /** 'Save Grade & Feedback'; expectedVersion is the grade's version the form started from (0: none yet), always sent: without one the server applies the save whatever changed meanwhile. */
  const saveGrade = async (
    submission: GradingSubmission,
    questionId: string,
    score: number,
    feedback: string,
    expectedVersion: number,
  ): Promise<SaveResult> => {
    try {
      const { data } = await gradeMutation({
        variables: { input: { submissionId: submission.id, questionId, score, feedback, expectedVersion } },
      });
      if (!data) return { ok: false, message: GRADE_FAILED_TEXT, current: null };
      changedHere(data.gradeAnswer);
      const grade = data.gradeAnswer.answers.find((a) => a.questionId === questionId)?.grade ?? null;
      return { ok: true, message: GRADE_SAVED_TEXT, grade };
    } catch (error) {
      const found = conflictOf(error);
      // the other grader's save (and the totals it changed) shows at once, not at the next tick
      if (found) void poll().catch(() => undefined);
      return { ok: false, message: errorMessage(error, GRADE_FAILED_TEXT), current: found?.current ?? null };
    }
  };

  /** Save all: the changed grades of one submission in one request; all of them or none are saved. */
  const saveAll = async (submission: GradingSubmission, grades: readonly QuestionGrade[]): Promise<SaveAllResult> => {
    try {
      const { data } = await gradeAllMutation({
        variables: {
          input: { submissionId: submission.id, grades: grades.map((g) => ({ ...g, expectedVersion: g.expectedVersion || null })) },
        },
      });
      if (!data) return { ok: false, message: GRADE_FAILED_TEXT, current: null, questionId: null };
      changedHere(data.gradeSubmission);
      return { ok: true, message: GRADE_SAVED_TEXT, submission: data.gradeSubmission };
    } catch (error) {
      const found = conflictOf(error);
      if (found) void poll().catch(() => undefined);
      return {
        ok: false,
        message: errorMessage(error, GRADE_FAILED_TEXT),
        current: found?.current ?? null,
        questionId: found?.questionId ?? null,
      };
    }
  };

  /** The reopen dialog's button: resolves to the failure's text (shown in the dialog), or null. */
  const reopen = (student: Student, newDueDate: string): Promise<string | null> =>
    msgs.attempt(
      async () => {
        const { data } = await reopenMutation({
          variables: { input: { assessmentId, studentId: student.id, newDueDate: fromLocalInput(newDueDate) } },
        });
        if (data) changedHere(data.reopenSubmission);
      },
      reopenedText(kind),
      reopenFailedText(kind),
    );

  /** A click on an overdue student (section 4): an empty submission to grade by hand, then it opens. */
  const openOverdue = async (student: Student): Promise<boolean> => {
    const ok = await msgs.act(
      async () => {
        const { data } = await createMutation({ variables: { input: { assessmentId, studentId: student.id } } });
        if (data) changedHere(data.createSubmissionForGrading);
      },
      kind.createdText,
      kind.createFailedText,
    );
    if (ok) select(student.id);
    return ok;
  };

  /** GET {downloadPath}/{submissionId}/{fileId}: the download and the inline preview alike. */
  const filePath = (submission: GradingSubmission, file: { id: string }) =>
    `${kind.downloadPath}/${encodeURIComponent(submission.id)}/${encodeURIComponent(file.id)}`;

  const download = async (submission: GradingSubmission, file: { id: string; name: string }) => {
    msgs.setActionError(null);
    try {
      await downloadFile(filePath(submission, file), file.name || 'submission_file');
    } catch (error) {
      console.error('Failed to download file', error);
      msgs.setActionError('Failed to download file');
    }
  };

  return {
    dashboard,
    snippets: query.data?.myCommentSnippets ?? NO_SNIPPETS,
    loading: query.loading && !query.data,
    notFound,
    loadError: query.error && !notFound ? errorMessage(query.error, kind.loadFailedText) : null,
    selected,
    selectedStudentId,
    select,
    questionId,
    chooseQuestion,
    saveGrade,
    saveAll,
    reopen,
    openOverdue,
    download,
    filePath,
    success: msgs.success,
    error: msgs.actionError,
    clearSuccess: msgs.clearSuccess,
    clearError: msgs.clearError,
  };
}

export type GradingDashboardState = ReturnType<typeof useGradingDashboard>;
