import { EntityManager } from 'typeorm';
import { Question } from './question.types';
import { QuestionFields } from './assessments.validation';
import { Explanation, GradableQuestion, gradeWithExplanation, round2 } from './auto-grade';
import { QuestionType } from './assessment.entity';
import { questionOfStudentSql, questionsOf } from './assessments.queries';
import type { Actor } from '../../policies';
import { recordAudit, AuditKind } from '../audit';

/**
 * Writing an assessment's questions, and what an edit does to the submissions. Questions (and options) sent
 * back with their id keep it, so their answers and grades stay; the others are replaced in the same
 * transaction. The regrade plan is pure reading, so the preview and the edit compute it the same way.
 */
export async function writeQuestions(
  m: EntityManager,
  assessmentId: string,
  next: QuestionFields[],
  currentIds: ReadonlySet<string>,
): Promise<void> {
  const kept = next.filter((q) => q.id && currentIds.has(q.id)).map((q) => q.id!);
  // drawn questions (draw_id) belong to the random draws, never to the editor's list
  await m.query('DELETE FROM questions WHERE assessment_id = $1 AND draw_id IS NULL AND NOT (id = ANY($2::uuid[]))', [assessmentId, kept]);
  for (const q of next) await writeQuestion(m, assessmentId, q, q.id && currentIds.has(q.id) ? q.id : undefined);
  await refreshTotalPoints(m, assessmentId);
}

/** Where a new question comes from: the bank question it copies, and whether it follows that question's edits. */
export interface QuestionOrigin {
  bankQuestionId: string;
  linked: boolean;
  drawId?: string;
}

/**
 * One question with its options and accepted answers: updated in place when `id` is given (options sent with
 * their id keep it, so the answers that selected them still do), else inserted; returns its id.
 */
export async function writeQuestion(
  m: EntityManager,
  assessmentId: string,
  q: QuestionFields,
  id?: string,
  origin?: QuestionOrigin,
): Promise<string> {
  const cols = [q.type, q.questionText, q.points, q.order, q.partialMarking, q.penaltyPerWrong];
  if (id) {
    await m.query(
      `UPDATE questions SET type = $2, question_text = $3, points = $4, sort_order = $5, partial_marking = $6, penalty_per_wrong = $7
        WHERE id = $1`,
      [id, ...cols],
    );
  } else {
    [{ id }] = await m.query(
      `INSERT INTO questions (assessment_id, type, question_text, points, sort_order, partial_marking, penalty_per_wrong, bank_question_id, bank_linked, draw_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [assessmentId, ...cols, origin?.bankQuestionId ?? null, origin?.linked ?? false, origin?.drawId ?? null],
    );
  }
  const keptOptions = q.options.filter((o) => o.id).map((o) => o.id!);
  await m.query('DELETE FROM question_options WHERE question_id = $1 AND NOT (id = ANY($2::uuid[]))', [id, keptOptions]);
  for (const [i, o] of q.options.entries()) {
    const updated: [unknown[], number] | null = o.id
      ? await m.query('UPDATE question_options SET sort_order = $3, text = $4, is_correct = $5 WHERE id = $1 AND question_id = $2', [
          o.id,
          id,
          i + 1,
          o.text,
          o.isCorrect,
        ])
      : null;
    if (!updated || !updated[1]) {
      await m.query('INSERT INTO question_options (question_id, sort_order, text, is_correct) VALUES ($1, $2, $3, $4)', [
        id,
        i + 1,
        o.text,
        o.isCorrect,
      ]);
    }
  }
  await m.query('DELETE FROM accepted_answers WHERE question_id = $1', [id]);
  for (const [i, a] of q.accepted.entries()) {
    await m.query('INSERT INTO accepted_answers (question_id, sort_order, answer, weight) VALUES ($1, $2, $3, $4)', [
      id,
      i + 1,
      a.answer,
      a.weight,
    ]);
  }
  return id!;
}

/**
 * An assessment's total points: its fixed questions, and for each random draw `count` times the mean points of
 * the bank questions it draws from (exact when they are worth the same; each student's own maximum is the sum
 * of their questions, kept on their submission).
 */
export async function refreshTotalPoints(m: EntityManager, assessmentId: string): Promise<void> {
  await m.query(
    `UPDATE assessments a SET total_points =
       COALESCE((SELECT sum(q.points) FROM questions q WHERE q.assessment_id = a.id AND q.draw_id IS NULL), 0)
       + COALESCE((SELECT sum(round(d.count * (SELECT COALESCE(avg(bq.points), 1) FROM bank_questions bq
                                              WHERE bq.bank_id = d.bank_id AND (d.tag IS NULL OR d.tag = ANY(bq.tags)))))
                     FROM assessment_draws d WHERE d.assessment_id = a.id), 0)
      WHERE a.id = $1`,
    [assessmentId],
  );
}

/** The row of a new assessment (create, clone and the demo seed write it the same way). */
export interface NewAssessmentRow {
  kind: string;
  courseId: string;
  moduleId: string | null;
  title: string;
  description: string;
  instructions: string;
  dueDate: Date;
  resultVisibility: string;
  isVisible: boolean;
  scope: string;
  position: number;
  createdBy: string | null;
}

/** Inserts an assessment with its targets and questions; returns its id. */
export async function insertAssessment(
  m: EntityManager,
  a: NewAssessmentRow,
  targets: string[],
  questions: QuestionFields[],
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO assessments (kind, course_id, module_id, title, description, instructions, due_date, total_points,
                              result_visibility, is_visible, scope, position, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      a.kind,
      a.courseId,
      a.moduleId,
      a.title,
      a.description,
      a.instructions,
      a.dueDate,
      totalPoints(questions),
      a.resultVisibility,
      a.isVisible,
      a.scope,
      a.position,
      a.createdBy,
    ],
  );
  if (targets.length)
    await m.query('INSERT INTO assessment_targets (assessment_id, student_id) SELECT $1, unnest($2::uuid[])', [id, targets]);
  await writeQuestions(m, id, questions, new Set());
  return id;
}

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

export const totalPoints = (qs: ReadonlyArray<{ points: number }>) => qs.reduce((n, q) => n + q.points, 0);

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

interface GradeRow {
  id: string;
  submission_id: string;
  question_id: string;
  score: string;
  auto_score: string | null;
  is_auto_graded: boolean;
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
  const subs: Array<{ id: string; student_id: string; name: string; total_score: string; handed_in: boolean }> = await m.query(
    `SELECT s.id, s.student_id, s.total_score, u.first_name || ' ' || u.last_name AS name, s.submitted_at IS NOT NULL AS handed_in
       FROM submissions s JOIN users u ON u.id = s.student_id WHERE s.assessment_id = $1 ORDER BY u.last_name, u.first_name, s.id`,
    [assessmentId],
  );
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
  const grades: GradeRow[] = await m.query(
    `SELECT g.id, g.submission_id, g.question_id, g.score, g.auto_score, g.is_auto_graded
       FROM grades g JOIN submissions s ON s.id = g.submission_id WHERE s.assessment_id = $1`,
    [assessmentId],
  );
  const answers: Array<{ submission_id: string; question_id: string; answer: string; selected_option_ids: string[] }> = await m.query(
    `SELECT a.submission_id, a.question_id, a.answer, a.selected_option_ids::text[] AS selected_option_ids
       FROM submission_answers a WHERE a.question_id = ANY($1::uuid[])`,
    [plan.regradedQuestionIds],
  );
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
 * Locks the item's submissions before an edit reads its regrade plan: a grade saved meanwhile (gradeAnswer
 * locks its submission first too) waits, so the plan never overwrites a teacher's override it did not see.
 */
export async function lockSubmissions(m: EntityManager, assessmentId: string): Promise<void> {
  await m.query('SELECT 1 FROM submissions WHERE assessment_id = $1 ORDER BY id FOR UPDATE', [assessmentId]);
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
  for (const g of plan.grades) {
    await m.query(
      `UPDATE grades SET score = $2, auto_score = $3, explanation = COALESCE($4::jsonb, explanation), version = version + 1, updated_at = clock_timestamp()
        WHERE id = $1`,
      [g.id, g.score, g.autoScore, g.explanation && JSON.stringify(g.explanation)],
    );
  }
  const added = await gradeMissing(m, assessmentId);
  await refreshSubmissions(m, { assessmentId, recomputeMax: true }, [...plan.grades.map((g) => g.submissionId), ...added]);
}

/**
 * The automatic grades a handed-in submission (submitted_at set) lacks, from its answers (none for a question
 * added after it was submitted, which then scores 0 with its reason); returns the submissions given one. Work
 * created empty for a teacher (reopened, or for manual grading) is left to the teacher.
 */
async function gradeMissing(m: EntityManager, assessmentId: string): Promise<string[]> {
  const missing: Array<{ submission_id: string; question_id: string; answer: string | null; selected_option_ids: string[] | null }> =
    await m.query(
      `SELECT s.id AS submission_id, q.id AS question_id, sa.answer, sa.selected_option_ids::text[] AS selected_option_ids
       FROM submissions s JOIN questions q ON q.assessment_id = s.assessment_id AND q.type <> 'LongAnswer' AND ${questionOfStudentSql('q', 's.student_id')}
       LEFT JOIN submission_answers sa ON sa.submission_id = s.id AND sa.question_id = q.id
      WHERE s.assessment_id = $1 AND s.submitted_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM grades g WHERE g.submission_id = s.id AND g.question_id = q.id)`,
      [assessmentId],
    );
  if (!missing.length) return [];
  const questions = await questionsOf(m, [assessmentId], 'all');
  for (const x of missing) {
    const q = questions.find((y) => y.id === x.question_id)!;
    const graded = gradeWithExplanation(
      gradable(q),
      x.answer === null ? null : { answer: x.answer, selectedOptionIds: x.selected_option_ids ?? [] },
    );
    if (!graded) continue;
    await m.query(
      `INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation, updated_at)
       VALUES ($1, $2, $3, $3, true, $4, clock_timestamp())`,
      [x.submission_id, x.question_id, graded.score, JSON.stringify(graded.explanation)],
    );
  }
  return [...new Set(missing.map((x) => x.submission_id))];
}

/**
 * A submission's total (the sum of its grades) and status from its grades, in one statement for the given
 * submissions (by id, or all of an item): graded once every question of the student's (fixed and drawn for them) has a grade, else pending; a reopened
 * one stays reopened (the student's new attempt is awaited; grading it meanwhile must not close it). Those
 * whose total, status or maximum change, and those named in `touched` (a grade of theirs changed), get a new
 * version and updated_at (clock_timestamp(), the review domain's change cursor). Grading and the regrade
 * share it, so both leave the same totals.
 */
export async function refreshSubmissions(
  m: EntityManager,
  of: { assessmentId?: string; submissionIds?: string[]; recomputeMax?: boolean },
  touched: string[] = [],
): Promise<void> {
  await m.query(
    `WITH x AS (
       SELECT s.id,
              COALESCE((SELECT sum(g.score) FROM grades g WHERE g.submission_id = s.id), 0) AS total,
              CASE WHEN s.status = 'reopened' THEN 'reopened'
                   WHEN (SELECT count(*) FROM grades g WHERE g.submission_id = s.id)
                        >= (SELECT count(*) FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}) THEN 'graded'
                   ELSE 'pending' END AS status,
              CASE WHEN $3::boolean
                   THEN COALESCE((SELECT sum(q.points)::int FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}), 0)
                   ELSE s.max_score END AS max_score
         FROM submissions s WHERE s.assessment_id = $1 OR s.id = ANY($2::uuid[]))
     UPDATE submissions s SET total_score = x.total, status = x.status, max_score = x.max_score,
            version = s.version + 1, updated_at = clock_timestamp()
       FROM x
      WHERE s.id = x.id AND (s.id = ANY($4::uuid[]) OR s.total_score <> x.total OR s.status <> x.status OR s.max_score <> x.max_score)`,
    [of.assessmentId ?? null, of.submissionIds ?? [], of.recomputeMax ?? false, [...new Set(touched)]],
  );
}
