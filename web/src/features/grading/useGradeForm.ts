import { useCallback, useEffect, useRef, useState } from 'react';
import type { CurrentGrade, SaveResult } from './useGradingDashboard';
import type { GradingGradeFragment } from './grading.generated';

/** What the form shows, and the grade version it started from (sent back as expectedVersion). */
interface FormState {
  score: string;
  feedback: string;
  version: number;
}

function fromGrade(grade: Pick<GradingGradeFragment, 'score' | 'feedback' | 'version'> | CurrentGrade | null): FormState {
  return grade
    ? { score: String(grade.score), feedback: grade.feedback ?? '', version: grade.version }
    : { score: '', feedback: '', version: 0 };
}

function sameValues(a: FormState, b: FormState): boolean {
  const score = a.score.trim() === '' || b.score.trim() === '' ? a.score.trim() === b.score.trim() : Number(a.score) === Number(b.score);
  return score && a.feedback === b.feedback;
}

/** The client's checks of a score (section 5; the server makes the same ones with these texts). */
export function scoreProblem(value: string, max: number): string | null {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max) return `Score must be between 0 and ${max}`;
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return 'Score can have at most 2 decimals';
  return null;
}

type Save = (score: number, feedback: string, expectedVersion: number) => Promise<SaveResult>;

/** A changed grade as Save all sends it. */
export interface ChangedGrade {
  score: number;
  feedback: string;
  expectedVersion: number;
}

/** What the panel's Save all asks of each question's block, and how it gives the block the outcome. */
export interface GradeFormHandle {
  /** The changed grade; null when nothing changed; a text when the change cannot be saved (shown in the block). */
  changed(): ChangedGrade | string | null;
  settle(result: SaveResult): void;
  /** Whether the block is saving on its own. */
  busy(): boolean;
}

/**
 * One question's 'Grading & Feedback' block: the score and feedback typed, the grade version they started from,
 * and the outcome of the last save. A newer grade from the server (another teacher's, arriving with the live
 * updates) replaces an untouched form; a form the teacher is editing keeps the edits and the old version, so
 * that its save is refused with the other grader's name instead of overwriting their grade. An empty score is
 * not saved (section 5).
 */
export function useGradeForm(
  grade: GradingGradeFragment | null,
  maxPoints: number,
  save: Save,
  register?: (handle: GradeFormHandle | null) => void,
) {
  const server = fromGrade(grade);
  const [base, setBase] = useState<FormState>(server);
  const [values, setValues] = useState<FormState>(server);
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  // adjusted while rendering (React renders again at once): the server moved on and the form was not touched,
  // or already says the same
  if (!busy && server.version > base.version && (sameValues(values, base) || sameValues(values, server))) {
    setBase(server);
    setValues(server);
  }

  const change = useCallback((patch: Partial<Pick<FormState, 'score' | 'feedback'>>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setError(null);
  }, []);

  /** The score and feedback to save, or the reason they cannot be (section 5: an empty score is not saved). */
  const check = (v: FormState): ChangedGrade | string => {
    if (v.score.trim() === '') return 'Enter a score to save this grade';
    return scoreProblem(v.score, maxPoints) ?? { score: Number(v.score), feedback: v.feedback, expectedVersion: base.version };
  };

  const settle = (result: SaveResult) => {
    if (result.ok) {
      const saved = result.grade ? fromGrade(result.grade) : { ...values, version: base.version + 1 };
      setBase(saved);
      setValues(saved);
      setSuccess(result.message);
    } else if (result.current) {
      // the other teacher's grade goes into the form: a second save is then a deliberate overwrite
      const current = fromGrade(result.current);
      setBase(current);
      setValues(current);
      setConflict(result.message);
    } else {
      setError(result.message);
    }
  };

  const submit = async () => {
    if (busy) return;
    const checked = check(values);
    if (typeof checked === 'string') {
      setError(checked);
      return;
    }
    setBusy(true);
    setError(null);
    setSuccess(null);
    setConflict(null);
    const result = await save(checked.score, checked.feedback, checked.expectedVersion);
    setBusy(false);
    settle(result);
  };

  // Save all reads the block as it is at the moment of the save
  const latest = useRef({ values, base, busy, check, settle });
  useEffect(() => {
    latest.current = { values, base, busy, check, settle };
  });
  useEffect(() => {
    if (!register) return undefined;
    register({
      changed: () => {
        const { values: v, base: b, check: c } = latest.current;
        if (sameValues(v, b)) return null;
        return c(v);
      },
      settle: (result) => {
        setSuccess(null);
        setConflict(null);
        latest.current.settle(result);
      },
      busy: () => latest.current.busy,
    });
    return () => register(null);
  }, [register]);

  return {
    score: values.score,
    feedback: values.feedback,
    change,
    submit,
    busy,
    success,
    error,
    conflict,
    clearSuccess: useCallback(() => setSuccess(null), []),
    clearError: useCallback(() => setError(null), []),
  };
}
