import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { assessmentReadableSql } from '../../policies/sql';
import { deleteOne, holdForCopy, type Runner } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import { TAUGHT_BY } from '../courses';
import { Assessment, AssessmentKind } from './assessment.entity';
import { ASSESSMENT_REF } from './assessments.queries';
import { AssessmentStudent } from './assessments.types';
import { ASSESSMENT_TEXT as T } from './assessments.validation';

/*
 * Every statement of the assessments domain about the items themselves (issue 29): their lists and reads, targets,
 * positions, edit, delete, and the copies a reuse or a bank makes. The domain reads the items with TypeORM's query
 * builder (they are the entity GraphQL answers) and writes everything else in raw SQL. The other parts:
 * assessments.repository.questions.ts (questions), .grades.ts (submissions' grades and totals), .draws.ts (random
 * draws), .images.ts (question images). SQL texts shared with other domains are built in assessments.queries.ts.
 */

const mgr = (m: Runner) => (m instanceof DataSource ? m.manager : m);

/** Assessments with their course (subject, class, year) and module, for pages and the reuse tree. */
export function assessmentQuery(m: Runner) {
  return mgr(m)
    .getRepository(Assessment)
    .createQueryBuilder('a')
    .innerJoinAndSelect('a.course', 'c')
    .innerJoinAndSelect('c.subject', 's')
    .innerJoinAndSelect('c.class', 'cl')
    .innerJoinAndSelect('c.academicYear', 'y')
    .leftJoinAndSelect('a.module', 'mo')
    .leftJoin('a.resultsReleasedBy', 'rb')
    .addSelect(['rb.id', 'rb.firstName', 'rb.lastName']);
}

/** The list order: by position (new ones at the top, reused ones appended), newest first among equals. */
export const ordered = <T extends ReturnType<typeof assessmentQuery>>(qb: T) =>
  qb.orderBy('a.position', 'ASC').addOrderBy('a.created_at', 'DESC').addOrderBy('a.id', 'ASC');

/**
 * The assessments of these courses (assignments, exams) or modules (quizzes) that the viewer may read
 * ('assessment.read' in SQL), in one statement whatever the number of parents. Every path to a list uses it.
 */
export function readableAssessments(m: Runner, actor: Actor | null, by: ReadableBy & { kind: AssessmentKind }): Promise<Assessment[]> {
  return ordered(readableAssessmentQuery(m, actor, by)).getMany();
}

/** What a list of readable assessments is narrowed to: a kind (else every kind), and some courses or modules. */
export interface ReadableBy {
  courseIds?: string[];
  moduleIds?: string[];
  kind?: AssessmentKind;
}

/** readableAssessments' filters without an order: for lists that page in their own order. */
export function readableAssessmentQuery(m: Runner, actor: Actor | null, by: ReadableBy) {
  const qb = assessmentQuery(m).where(assessmentReadableSql(actor, ASSESSMENT_REF, ':viewer'), { viewer: actor?.userId });
  if (by.kind) qb.andWhere('a.kind = :kind', { kind: by.kind });
  if (by.courseIds)
    qb.andWhere('a.course_id IN (:...courseIds)', {
      courseIds: by.courseIds.length ? by.courseIds : ['00000000-0000-0000-0000-000000000000'],
    });
  if (by.moduleIds)
    qb.andWhere('a.module_id IN (:...moduleIds)', {
      moduleIds: by.moduleIds.length ? by.moduleIds : ['00000000-0000-0000-0000-000000000000'],
    });
  return qb;
}

/** One assessment with its course and module, whoever asks (the service authorizes); null when there is none. */
export function assessmentById(m: Runner, id: string): Promise<Assessment | null> {
  return assessmentQuery(m).where('a.id = :id', { id }).getOne();
}

/** One assessment known to exist (just written, or read in the same transaction), as assessmentById loads it. */
export function reloadAssessment(m: Runner, id: string): Promise<Assessment> {
  return assessmentQuery(m).where('a.id = :id', { id }).getOneOrFail();
}

/** The reuse tree: the teacher's items of a kind, by year (newest first), class, course, module and position. */
export function reusableAssessments(ds: DataSource, kind: AssessmentKind, teacherId: string): Promise<Assessment[]> {
  const qb = assessmentQuery(ds).where('a.kind = :kind', { kind }).andWhere(TAUGHT_BY('me'), { me: teacherId });
  return qb
    .orderBy('y.year', 'DESC')
    .addOrderBy('cl.name', 'ASC')
    .addOrderBy('c.title', 'ASC')
    .addOrderBy('mo.sort_order', 'ASC', 'NULLS FIRST')
    .addOrderBy('a.position', 'ASC')
    .addOrderBy('a.id', 'ASC')
    .getMany();
}

/** Target students of many assessments, by last name. */
export async function targetsOf(m: Runner, assessmentIds: string[]): Promise<Array<AssessmentStudent & { assessmentId: string }>> {
  if (!assessmentIds.length) return [];
  return m.query(
    `SELECT t.assessment_id AS "assessmentId", u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email
       FROM assessment_targets t JOIN users u ON u.id = t.student_id
      WHERE t.assessment_id = ANY($1::uuid[]) ORDER BY u.last_name, u.first_name, u.id`,
    [assessmentIds],
  );
}

/** Students placed in the class and year of a course (the picker), by last name. */
export function studentsOfCourse(m: Runner, courseId: string): Promise<AssessmentStudent[]> {
  return m.query(
    `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email
       FROM courses c JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id
      WHERE c.id = $1 AND u.role = 'Student' ORDER BY u.last_name, u.first_name, u.id`,
    [courseId],
  );
}

/** Whether the viewer is one of the assessment's targets. */
export async function targetsViewer(m: Runner, assessmentId: string, userId: string): Promise<boolean> {
  const rows: unknown[] = await m.query('SELECT 1 FROM assessment_targets WHERE assessment_id = $1 AND student_id = $2', [
    assessmentId,
    userId,
  ]);
  return rows.length > 0;
}

/** How many of these users are students placed in the course's class and year (the service wants all of them). */
export async function placedStudentCount(m: EntityManager, courseId: string, ids: string[]): Promise<number> {
  const [{ n }]: Array<{ n: number }> = await m.query(
    `SELECT count(*)::int AS n FROM courses c JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id
      WHERE c.id = $1 AND u.role = 'Student' AND u.id = ANY($2::uuid[])`,
    [courseId, ids],
  );
  return n;
}

/** Adds target students to an assessment (a new one, or after replaceTargets cleared them). */
export async function insertTargets(m: EntityManager, assessmentId: string, ids: string[]): Promise<void> {
  await m.query('INSERT INTO assessment_targets (assessment_id, student_id) SELECT $1, unnest($2::uuid[])', [assessmentId, ids]);
}

/** An assessment's targets become `ids` (none: it has none left). */
export async function replaceTargets(m: EntityManager, assessmentId: string, ids: string[]): Promise<void> {
  await m.query('DELETE FROM assessment_targets WHERE assessment_id = $1', [assessmentId]);
  if (ids.length) await insertTargets(m, assessmentId, ids);
}

/** How many target students an assessment has. */
export async function targetCount(m: EntityManager, assessmentId: string): Promise<number> {
  const [{ n }] = await m.query('SELECT count(*)::int AS n FROM assessment_targets WHERE assessment_id = $1', [assessmentId]);
  return n;
}

/**
 * Holds the course while a new item takes a position in it: two items created or copied into one course at once
 * take their positions in turn, never the same one.
 */
export async function lockCoursePositions(m: EntityManager, courseId: string): Promise<void> {
  await m.query('SELECT 1 FROM courses WHERE id = $1 FOR NO KEY UPDATE', [courseId]);
}

/** The position before the first (`top`) or after the last (`bottom`) item of its kind in its list (quizzes: of the module). */
export async function edgePosition(
  m: EntityManager,
  kind: AssessmentKind,
  courseId: string,
  moduleId: string | null,
  end: 'top' | 'bottom',
): Promise<number> {
  const [{ p }] = await m.query(
    `SELECT ${end === 'top' ? 'COALESCE(MIN(position), 1) - 1' : 'COALESCE(MAX(position), -1) + 1'} AS p FROM assessments
      WHERE kind = $1 AND ${kind === AssessmentKind.QUIZ ? 'module_id = $2' : 'course_id = $2'}`,
    [kind, kind === AssessmentKind.QUIZ ? moduleId : courseId],
  );
  return p;
}

/** Changes an item's fields and bumps its version; CONFLICT when `version` is given and stale, not found when gone. */
export async function updateAssessment(
  m: EntityManager,
  id: string,
  kind: AssessmentKind,
  set: Partial<Assessment>,
  version: number | undefined,
): Promise<void> {
  await updateVersioned(m, Assessment, id, set, version, { what: T.name(kind), notFound: T.notFound(kind) });
}

/** How many fixed questions and random draws an item has: an item needs one or the other. */
export async function questionAndDrawCount(m: EntityManager, assessmentId: string): Promise<number> {
  const [{ n }] = await m.query(
    'SELECT (SELECT count(*) FROM questions WHERE assessment_id = $1 AND draw_id IS NULL) + (SELECT count(*) FROM assessment_draws WHERE assessment_id = $1) AS n',
    [assessmentId],
  );
  return Number(n);
}

/** Locks an item before its delete counts its submissions, so none is handed in between the count and the delete. */
export async function lockAssessment(m: EntityManager, id: string): Promise<void> {
  await m.query('SELECT 1 FROM assessments WHERE id = $1 FOR UPDATE', [id]);
}

/** How many submissions an item has. */
export async function submissionCount(m: EntityManager, assessmentId: string): Promise<number> {
  const [{ n }] = await m.query('SELECT count(*)::int AS n FROM submissions WHERE assessment_id = $1', [assessmentId]);
  return n;
}

/** Deletes an item (its questions, targets, draws and submissions go by the cascades); not found when already gone. */
export function deleteAssessment(m: EntityManager, id: string, kind: AssessmentKind): Promise<void> {
  return deleteOne(m, Assessment, id, T.notFound(kind));
}

/** How many fixed questions an item has (what a copy of it will hold). */
export async function fixedQuestionCount(m: Runner, assessmentId: string): Promise<number> {
  const [{ n }] = await m.query('SELECT count(*)::int AS n FROM questions WHERE assessment_id = $1 AND draw_id IS NULL', [assessmentId]);
  return n;
}

/** Holds the item being copied until the copy commits; not found when it was deleted first. */
export function holdAssessmentForCopy(m: EntityManager, id: string, kind: AssessmentKind): Promise<void> {
  return holdForCopy(m, 'assessments', id, T.notFound(kind));
}

/**
 * A copy's fixed questions show the original's images (numbered alike: the same files rows), each matched to
 * the original question of the same sort order.
 */
export async function copyItemImages(m: EntityManager, copyId: string, sourceId: string): Promise<void> {
  await m.query(
    `INSERT INTO question_images (question_id, file_id, name, position)
     SELECT nq.id, qi.file_id, qi.name, qi.position
       FROM questions oq JOIN question_images qi ON qi.question_id = oq.id
       JOIN questions nq ON nq.assessment_id = $1 AND nq.draw_id IS NULL AND nq.sort_order = oq.sort_order
      WHERE oq.assessment_id = $2 AND oq.draw_id IS NULL`,
    [copyId, sourceId],
  );
}

/** A copy draws as the original does: its random draws, not the picks (each student of the copy draws anew). */
export async function copyItemDraws(m: EntityManager, copyId: string, sourceId: string): Promise<void> {
  await m.query(
    `INSERT INTO assessment_draws (assessment_id, bank_id, tag, count, position)
     SELECT $1, bank_id, tag, count, position FROM assessment_draws WHERE assessment_id = $2`,
    [copyId, sourceId],
  );
}

/**
 * A new version of an item whose questions change outside the editor: an editor still holding the old list is
 * refused (CONFLICT) rather than drop what came in. It also holds the item until the transaction ends.
 */
export async function bumpAssessmentVersion(m: EntityManager, id: string): Promise<void> {
  await m.query('UPDATE assessments SET version = version + 1, updated_at = now() WHERE id = $1', [id]);
}

/** The sort order of an item's last fixed question (0 when it has none). */
export async function lastFixedOrder(m: EntityManager, assessmentId: string): Promise<number> {
  const [{ top }] = await m.query(
    'SELECT COALESCE(max(sort_order), 0)::int AS top FROM questions WHERE assessment_id = $1 AND draw_id IS NULL',
    [assessmentId],
  );
  return top;
}

/**
 * Each question (first list) remembers the bank question it was saved as (second list, pairwise), unless it
 * already came from one.
 */
export async function linkQuestionsToBank(m: EntityManager, questionIds: string[], bankQuestionIds: string[]): Promise<void> {
  await m.query(
    `UPDATE questions q SET bank_question_id = x.b FROM unnest($1::uuid[], $2::uuid[]) AS x(q, b)
      WHERE q.id = x.q AND q.bank_question_id IS NULL`,
    [questionIds, bankQuestionIds],
  );
}
