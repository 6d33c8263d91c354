import { EntityManager } from 'typeorm';
import { Question } from './question.types';
import { QuestionFields } from './assessments.validation';
import { Explanation, GradableQuestion, gradeWithExplanation, round2 } from './auto-grade';
import { QuestionType } from './assessment.entity';
import { questionsOf } from './assessments.repository.questions';
import {
  answersTo,
  gradesOfItem,
  insertAutoGrade,
  missingAutoGrades,
  refreshSubmissions,
  submissionsToRegrade,
  updateRegradedGrades,
} from './assessments.repository.grades';
import type { Actor } from '../../policies';
import { recordAudit, AuditKind } from '../audit';

/*
 * What an edit of an item's questions does to the submissions. Questions (and options) sent back with their id
 * keep it, so their answers and grades stay (assessments.repository.questions.ts writes them). The regrade plan
 * is pure reading, so the preview and the edit compute it the same way; the edit then applies it.
 */

/**
 * Options sent without their id (a client that rebuilt the list) keep the id of the option of the same
 * question with the same text, so the answers that selected it still do and are not regraded as wrong.
 */
export function keepOptionIds(next: QuestionFields[], current: Question[]): QuestionFields[] {
  const byId = new Map(current.map((q) => [q.id, q]));
  return next.map((q) => {
    const old = q.id ? byId.get(q.id) : undefined;
    if (!old) return q;
    const taken = new Set(q.options.filter((o) => o.id).map((o) => o.id));
    return {
      ...q,
      options: q.options.map((o) => {
        if (o.id) return o;
        const same = old.options.find((x) => x.text === o.text && !taken.has(x.id));
        if (same) taken.add(same.id);
        return same ? { ...o, id: same.id } : o;
      }),
    };
  });
}

export const gradable = (q: QuestionFields | Question): GradableQuestion =>
  'accepted' in q
    ? {
        type: q.type,
        points: q.points,
        options: q.options.map((o, i) => ({ id: o.id ?? `new-${i}`, isCorrect: o.isCorrect })),
        accepted: q.accepted,
        partialMarking: q.partialMarking,
        penaltyPerWrong: q.penaltyPerWrong,
      }
    : {
        type: q.type,
        points: q.points,
        options: q.options.map((o) => ({ id: o.id, isCorrect: !!o.isCorrect })),
        accepted: q.acceptedAnswers ?? [],
        partialMarking: !!q.partialMarking?.enabled,
        penaltyPerWrong: q.partialMarking?.penaltyPerWrong ?? 0,
      };

/** What decides an automatic grade; a kept question whose key changes is regraded. */
const keyOf = (q: GradableQuestion) =>
  JSON.stringify([q.type, q.points, q.options, q.accepted.map((a) => [a.answer, a.weight]), q.partialMarking, q.penaltyPerWrong]);

export interface RegradePlan {
  submissionCount: number;
  regradedQuestionIds: string[];
  removedQuestionCount: number;
  grades: Array<{ id: string; submissionId: string; score: number; autoScore: number | null; explanation: Explanation | null }>;
  changes: Array<{ submissionId: string; studentId: string; studentName: string; totalBefore: number; totalAfter: number }>;
}

/**
 * For an edit: the questions whose key or points change, the new automatic score of each of their grades
 * (a teacher's override, a grade not auto-graded or whose score differs from its auto_score, keeps its score)
 * and each submission's total after it, grades of removed questions left out.
 */
export async function planRegrade(
  m: EntityManager,
  assessmentId: string,
  current: Question[],
  next: QuestionFields[] | undefined,
): Promise<RegradePlan> {
  const subs = await submissionsToRegrade(m, assessmentId);
  const plan: RegradePlan = { submissionCount: subs.length, regradedQuestionIds: [], removedQuestionCount: 0, grades: [], changes: [] };
  if (!next) return plan;
  const byId = new Map(current.map((q) => [q.id, q]));
  const keptIds = new Set(next.filter((q) => q.id && byId.has(q.id)).map((q) => q.id!));
  // `current` is the editor's list: drawn questions are in neither list and keep their grades
  const removedIds = new Set(current.filter((q) => !keptIds.has(q.id)).map((q) => q.id));
  plan.removedQuestionCount = removedIds.size;
  const regraded = next.filter((q) => q.id && byId.has(q.id) && keyOf(gradable(q)) !== keyOf(gradable(byId.get(q.id)!)));
  plan.regradedQuestionIds = regraded.map((q) => q.id!);
  if (!subs.length) return plan;
  const grades = await gradesOfItem(m, assessmentId);
  const answers = await answersTo(m, plan.regradedQuestionIds);
  const answerOf = (s: string, q: string) => answers.find((a) => a.submission_id === s && a.question_id === q);
  const nextById = new Map(regraded.map((q) => [q.id!, gradable(q)]));
  const after = new Map<string, number>(subs.map((s) => [s.id, 0]));
  for (const g of grades) {
    if (removedIds.has(g.question_id)) continue;
    let score = Number(g.score);
    const q = nextById.get(g.question_id);
    if (q) {
      const a = answerOf(g.submission_id, g.question_id);
      const graded = gradeWithExplanation(q, a ? { answer: a.answer, selectedOptionIds: a.selected_option_ids } : null);
      const auto = graded?.score ?? null;
      const override = !g.is_auto_graded || g.auto_score === null || Number(g.auto_score) !== score;
      if (!override && auto !== null && q.type !== QuestionType.LongAnswer) score = auto;
      plan.grades.push({ id: g.id, submissionId: g.submission_id, score, autoScore: auto, explanation: graded?.explanation ?? null });
    }
    after.set(g.submission_id, round2((after.get(g.submission_id) ?? 0) + score));
  }
  // a kept question that became automatic gets a grade in each handed-in submission without one (gradeMissing)
  const graded = new Set(grades.map((g) => `${g.submission_id}:${g.question_id}`));
  for (const [qid, q] of nextById) {
    if (q.type === QuestionType.LongAnswer) continue;
    for (const s of subs.filter((x) => x.handed_in && !graded.has(`${x.id}:${qid}`))) {
      const a = answerOf(s.id, qid);
      const score = gradeWithExplanation(q, a ? { answer: a.answer, selectedOptionIds: a.selected_option_ids } : null)?.score ?? 0;
      after.set(s.id, round2((after.get(s.id) ?? 0) + score));
    }
  }
  for (const s of subs) {
    const before = Number(s.total_score);
    const total = after.get(s.id) ?? 0;
    if (before !== total)
      plan.changes.push({ submissionId: s.id, studentId: s.student_id, studentName: s.name, totalBefore: before, totalAfter: total });
  }
  return plan;
}

/**
 * Applies a plan after the questions were written, in the edit's transaction: the regraded grades with their
 * new explanation, an automatic grade for each automatic question a handed-in submission has none for (a
 * question added by the edit, or one that became automatic), then every submission's total, status and maximum.
 */
export async function applyRegrade(
  m: EntityManager,
  actor: Actor,
  at: { assessmentId: string; courseId: string },
  plan: RegradePlan,
): Promise<void> {
  const { assessmentId } = at;
  // every total the edit changes is a grade change on record, by the teacher whose edit caused it
  await recordAudit(
    m,
    actor,
    plan.changes.map((c) => ({
      kind: AuditKind.GRADE_CHANGED,
      targetUserId: c.studentId,
      courseId: at.courseId,
      assessmentId,
      submissionId: c.submissionId,
      from: c.totalBefore,
      to: c.totalAfter,
      note: 'Total regraded after an edit of the answer key',
    })),
  );
  await updateRegradedGrades(m, plan.grades);
  const added = await gradeMissing(m, assessmentId);
  await refreshSubmissions(m, { assessmentId, recomputeMax: true }, [...plan.grades.map((g) => g.submissionId), ...added]);
}

/**
 * The automatic grades a handed-in submission (submitted_at set) lacks, from its answers (none for a question
 * added after it was submitted, which then scores 0 with its reason); returns the submissions given one. Work
 * created empty for a teacher (reopened, or for manual grading) is left to the teacher.
 */
async function gradeMissing(m: EntityManager, assessmentId: string): Promise<string[]> {
  const missing = await missingAutoGrades(m, assessmentId);
  if (!missing.length) return [];
  const questions = await questionsOf(m, [assessmentId], 'all');
  for (const x of missing) {
    const q = questions.find((y) => y.id === x.question_id)!;
    const graded = gradeWithExplanation(
      gradable(q),
      x.answer === null ? null : { answer: x.answer, selectedOptionIds: x.selected_option_ids ?? [] },
    );
    if (!graded) continue;
    await insertAutoGrade(m, x.submission_id, x.question_id, graded);
  }
  return [...new Set(missing.map((x) => x.submission_id))];
}
