import { QuestionType } from './assessment.entity';

/**
 * Automatic grading: pure functions, so the taking issue's submit, the regrade on edit and its preview give
 * the same score for the same answer. Scores are rounded to 2 decimals (the grades' numeric(8,2)).
 */
export interface GradableQuestion {
  type: QuestionType;
  points: number;
  options: Array<{ id: string; isCorrect: boolean }>;
  accepted: Array<{ answer: string; weight: number }>;
  partialMarking: boolean;
  penaltyPerWrong: number;
}

export interface GivenAnswer {
  answer: string;
  selectedOptionIds: string[];
}

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The most a set of questions can score: their points (an item's total, a submission's maximum). */
export const totalPoints = (qs: ReadonlyArray<{ points: number }>) => qs.reduce((n, q) => n + q.points, 0);
const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));

/** How short answers are compared: trimmed, case-insensitive, inner whitespace collapsed (NFC, so accents match). */
export function normalizeAnswer(s: string): string {
  return s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/**
 * MCQ. Without partial marking: all or nothing on the selected set. With it: points x (correct selected /
 * correct) minus points x penalty% per wrong option selected, clamped to 0..points.
 */
export function gradeMcq(
  q: Pick<GradableQuestion, 'points' | 'options' | 'partialMarking' | 'penaltyPerWrong'>,
  selected: readonly string[],
): number {
  const chosen = new Set(selected);
  const correct = q.options.filter((o) => o.isCorrect);
  const rightChosen = correct.filter((o) => chosen.has(o.id)).length;
  const wrongChosen = q.options.filter((o) => !o.isCorrect && chosen.has(o.id)).length;
  if (!q.partialMarking) return rightChosen === correct.length && wrongChosen === 0 && correct.length > 0 ? q.points : 0;
  if (!correct.length) return 0;
  const raw = (q.points * rightChosen) / correct.length - (q.points * q.penaltyPerWrong * wrongChosen) / 100;
  return round2(clamp(raw, q.points));
}

/** ShortAnswer: the best matching accepted answer times its weight; no match is 0. */
export function gradeShortAnswer(q: Pick<GradableQuestion, 'points' | 'accepted'>, answer: string): number {
  const given = normalizeAnswer(answer);
  if (!given) return 0;
  const best = Math.max(0, ...q.accepted.filter((a) => normalizeAnswer(a.answer) === given).map((a) => a.weight));
  return round2((q.points * best) / 100);
}

/** The automatic score of one answer, or null for a long answer (the teacher grades it). */
export function autoScore(q: GradableQuestion, a: GivenAnswer | null): number | null {
  if (q.type === QuestionType.LongAnswer) return null;
  if (!a) return 0;
  return q.type === QuestionType.MCQ ? gradeMcq(q, a.selectedOptionIds) : gradeShortAnswer(q, a.answer);
}

/** Why an automatic grade is what it is (stored with the grade, shown where visibility allows). */
export interface Explanation {
  rightOptionIds: string[];
  wrongOptionIds: string[];
  missedOptionIds: string[];
  matchedAnswer: string | null;
  matchedWeight: number | null;
  text: string;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The automatic score of an answer (autoScore above) and its explanation, written by the submit, the regrade
 * on edit and the overdue sweep alike:
 * for MCQ which options were right, wrong and missed; for ShortAnswer which accepted answer matched best at
 * what weight. Long answers are not graded here (null): the teacher grades them.
 */
export function gradeWithExplanation(q: GradableQuestion, a: GivenAnswer | null): { score: number; explanation: Explanation } | null {
  const score = autoScore(q, a);
  if (score === null) return null;
  const none: Explanation = {
    rightOptionIds: [],
    wrongOptionIds: [],
    missedOptionIds: [],
    matchedAnswer: null,
    matchedWeight: null,
    text: '',
  };
  if (q.type === QuestionType.MCQ) {
    const chosen = new Set(a?.selectedOptionIds ?? []);
    const right = q.options.filter((o) => o.isCorrect && chosen.has(o.id)).map((o) => o.id);
    const wrong = q.options.filter((o) => !o.isCorrect && chosen.has(o.id)).map((o) => o.id);
    const missed = q.options.filter((o) => o.isCorrect && !chosen.has(o.id)).map((o) => o.id);
    const text = !chosen.size
      ? 'No option selected.'
      : `${plural(right.length, 'correct option')} selected, ${plural(wrong.length, 'wrong option')} selected, ${plural(missed.length, 'correct option')} missed` +
        (q.partialMarking ? ` (partial marking, ${q.penaltyPerWrong}% off per wrong option).` : ' (all or nothing).');
    return { score, explanation: { ...none, rightOptionIds: right, wrongOptionIds: wrong, missedOptionIds: missed, text } };
  }
  const given = normalizeAnswer(a?.answer ?? '');
  const best = given ? q.accepted.filter((x) => normalizeAnswer(x.answer) === given).sort((x, y) => y.weight - x.weight)[0] : undefined;
  const text = !given
    ? 'No answer given.'
    : best
      ? `Matched the accepted answer "${best.answer}" at ${best.weight}%.`
      : 'No accepted answer matched.';
  return { score, explanation: { ...none, matchedAnswer: best?.answer ?? null, matchedWeight: best?.weight ?? null, text } };
}
