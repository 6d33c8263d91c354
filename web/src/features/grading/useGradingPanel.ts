import { useCallback, useEffect, useRef, useState } from 'react';
import { useKeyedMessage } from '../../components/useKeyedMessage';
import { studentName, type GradingSubmission } from './dashboardMerge';
import type { QuestionWithKeyFragment } from '../../lib/questions.generated';
import { ungradedUnanswered } from './gradingQueue';
import type { GradeFormHandle } from './useGradeForm';
import type { QuestionGrade, SaveAllResult } from './useGradingDashboard';

type SaveAll = (submission: GradingSubmission, grades: readonly QuestionGrade[]) => Promise<SaveAllResult>;

export const SAVE_ALL_TEXT = {
  nothing: 'Nothing to save: no score or feedback was changed',
  blocked: 'Nothing was saved: correct the marked questions first',
  conflict: (message: string) => `${message}. Nothing was saved: the marked question now shows the newer grade.`,
};

/**
 * The detail panel's 'Save all' (Ctrl+Enter) and 'Grade unanswered as 0' (issue 25 point 1). Each question's
 * block registers itself; Save all asks every block for its changed grade, sends them in one request and gives
 * each block its outcome: a refused question (a conflict, a bad score) shows in its own block, the others keep
 * their edits. The outcome is told once, in the panel's header, where the teacher looks.
 */
export function useGradingPanel(submission: GradingSubmission | null, questions: readonly QuestionWithKeyFragment[], saveAll: SaveAll) {
  const forms = useRef(new Map<string, GradeFormHandle>());
  const registrars = useRef(new Map<string, (handle: GradeFormHandle | null) => void>());
  // the submission whose save is under way: another one can be saved meanwhile (the teacher moved on)
  const [busyId, setBusyId] = useState<string | null>(null);
  const busy = busyId !== null && busyId === submission?.id;
  // the submission shown now: a save answered after the teacher moved on must not fill the next one's blocks
  const shown = useRef<string | null>(null);
  useEffect(() => {
    shown.current = submission?.id ?? null;
  });
  const success = useKeyedMessage();
  const failure = useKeyedMessage();
  const { clear: clearSuccess } = success;
  const { clear: clearFailure } = failure;
  // a message is about the submission it was shown with
  useEffect(() => {
    clearSuccess();
    clearFailure();
  }, [submission?.id, clearSuccess, clearFailure]);

  /** The stable callback a question's block registers with. */
  const registerFor = useCallback((questionId: string) => {
    let fn = registrars.current.get(questionId);
    if (!fn) {
      fn = (handle) => {
        if (handle) forms.current.set(questionId, handle);
        else forms.current.delete(questionId);
      };
      registrars.current.set(questionId, fn);
    }
    return fn;
  }, []);

  const send = async (s: GradingSubmission, grades: QuestionGrade[]) => {
    setBusyId(s.id);
    failure.show(null);
    const r = await saveAll(s, grades);
    setBusyId((id) => (id === s.id ? null : id));
    const here = shown.current === s.id;
    if (!here) {
      // the teacher moved on: a failure still needs telling, named for its student
      if (!r.ok) failure.show(`${studentName(s.student)}: ${r.message}`);
      return;
    }
    if (r.ok) {
      for (const g of grades) {
        const grade = r.submission.answers.find((a) => a.questionId === g.questionId)?.grade ?? null;
        forms.current.get(g.questionId)?.settle({ ok: true, message: '', grade });
      }
      success.show(r.message);
      return;
    }
    const form = r.questionId ? forms.current.get(r.questionId) : undefined;
    if (form && r.current) {
      form.settle({ ok: false, message: r.message, current: r.current });
      failure.show(SAVE_ALL_TEXT.conflict(r.message));
    } else {
      failure.show(r.message);
    }
  };

  /** Every changed score and feedback of the chosen submission, in one request. */
  const saveChanged = async () => {
    if (!submission || busy) return;
    const grades: QuestionGrade[] = [];
    let blocked = false;
    for (const q of questions) {
      const form = forms.current.get(q.id);
      const changed = form?.changed() ?? null;
      if (changed === null || !form) continue;
      if (typeof changed === 'string') {
        form.settle({ ok: false, message: changed, current: null });
        blocked = true;
      } else {
        grades.push({ questionId: q.id, ...changed });
      }
    }
    if (blocked) return failure.show(SAVE_ALL_TEXT.blocked);
    if (grades.length === 0) return failure.show(SAVE_ALL_TEXT.nothing);
    await send(submission, grades);
  };

  const unanswered = submission ? ungradedUnanswered(submission, questions) : [];

  /** The questions the student left empty and no one graded, saved as 0 in one request. */
  const gradeUnanswered = async () => {
    if (!submission || busy || unanswered.length === 0) return;
    await send(
      submission,
      unanswered.map((questionId) => ({ questionId, score: 0, expectedVersion: 0 })),
    );
  };

  return {
    registerFor,
    saveChanged,
    gradeUnanswered,
    unansweredCount: unanswered.length,
    busy,
    success: success.message,
    error: failure.message,
    clearSuccess,
    clearError: clearFailure,
  };
}
