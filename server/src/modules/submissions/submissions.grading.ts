import { QuestionType } from '../assessments/assessment.entity';
import { GivenAnswer, GradableQuestion, autoScore, normalizeAnswer } from '../assessments/grading';

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
 * The automatic score of an answer (grading.ts, the same function the regrade uses) and its explanation:
 * for MCQ which options were right, wrong and missed; for ShortAnswer which accepted answer matched best at
 * what weight. Long answers are not graded here (null): the teacher grades them.
 */
export function gradeWithExplanation(q: GradableQuestion, a: GivenAnswer | null): { score: number; explanation: Explanation } | null {
  const score = autoScore(q, a);
  if (score === null) return null;
  const none: Explanation = { rightOptionIds: [], wrongOptionIds: [], missedOptionIds: [], matchedAnswer: null, matchedWeight: null, text: '' };
  if (q.type === QuestionType.MCQ) {
    const chosen = new Set(a?.selectedOptionIds ?? []);
    const right = q.options.filter((o) => o.isCorrect && chosen.has(o.id)).map((o) => o.id);
    const wrong = q.options.filter((o) => !o.isCorrect && chosen.has(o.id)).map((o) => o.id);
    const missed = q.options.filter((o) => o.isCorrect && !chosen.has(o.id)).map((o) => o.id);
    const text = !chosen.size
      ? 'No option selected.'
      : `${plural(right.length, 'correct option')} selected, ${plural(wrong.length, 'wrong option')} selected, ${plural(missed.length, 'correct option')} missed`
        + (q.partialMarking ? ` (partial marking, ${q.penaltyPerWrong}% off per wrong option).` : ' (all or nothing).');
    return { score, explanation: { ...none, rightOptionIds: right, wrongOptionIds: wrong, missedOptionIds: missed, text } };
  }
  const given = normalizeAnswer(a?.answer ?? '');
  const best = given ? q.accepted.filter((x) => normalizeAnswer(x.answer) === given).sort((x, y) => y.weight - x.weight)[0] : undefined;
  const text = !given ? 'No answer given.' : best ? `Matched the accepted answer "${best.answer}" at ${best.weight}%.` : 'No accepted answer matched.';
  return { score, explanation: { ...none, matchedAnswer: best?.answer ?? null, matchedWeight: best?.weight ?? null, text } };
}
