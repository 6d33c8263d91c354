import { Actor } from '../../policies';
import { itemShownToStudentSql, submissionReadableSql } from '../../policies/sql';
import { DECIDED_AS } from '../../policies/fields';
import { ResultVisibility, ASSESSMENT_REF, questionOfStudentSql } from '../assessments';
import { GradeExplanation, Submission, SubmissionAnswer, SubmissionFacts, SubmissionGrade, SubmissionStatus } from './submission.types';

/*
 * The submission rows and answers as the domain reads them: the SELECTs' texts (submissions.repository.ts runs
 * them; the submit's statements and other domains' reads build on them), their raw rows and the objects made of them.
 */

/** A submission row with what its rules need (item, course's teachers, student). */
export interface SubmissionRow {
  id: string;
  assessmentId: string;
  kind: string;
  courseId: string;
  studentId: string;
  status: SubmissionStatus;
  isAutoSubmitted: boolean;
  allowedAfterDue: boolean;
  customDueDate: Date | null;
  joinedLate: boolean;
  submittedAt: Date | null;
  totalScore: number;
  maxScore: number;
  visibility: ResultVisibility;
  released: boolean;
  teacherIds: string[];
  /** Its student may read its item now ('submission.read' for the student and their parents). */
  itemShownToStudent: boolean;
  student: { id: string; firstName: string; lastName: string; email: string };
  version: number;
  updatedAt: Date;
}

/** The submission's columns for the SQL twins (alias `s`, its item `a`). */
export const SUBMISSION_REF = { ...ASSESSMENT_REF, studentId: 's.student_id' };

/** The row's SELECT over `from` (the table, or a CTE's RETURNING rows: the submit's write answers with it). */
export const submissionSelect = (from = 'submissions') => `
  SELECT s.id, s.assessment_id, a.kind, a.course_id, s.student_id, s.status, s.is_auto_submitted, s.allowed_after_due,
         s.custom_due_date, s.joined_late, s.submitted_at, s.total_score::float8 AS total_score, s.max_score, a.result_visibility,
         a.results_released_at IS NOT NULL AS released,
         ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = a.course_id) AS teacher_ids,
         ${itemShownToStudentSql(SUBMISSION_REF)} AS item_shown,
         u.first_name, u.last_name, u.email, s.version, s.updated_at
    FROM ${from} s JOIN assessments a ON a.id = s.assessment_id JOIN users u ON u.id = s.student_id`;
export const SUBMISSION_SELECT = submissionSelect();

export interface RawSubmission {
  id: string;
  assessment_id: string;
  kind: string;
  course_id: string;
  student_id: string;
  status: SubmissionStatus;
  is_auto_submitted: boolean;
  allowed_after_due: boolean;
  custom_due_date: Date | null;
  joined_late: boolean;
  submitted_at: Date | null;
  total_score: number;
  max_score: number;
  result_visibility: ResultVisibility;
  released: boolean;
  teacher_ids: string[];
  item_shown: boolean;
  first_name: string;
  last_name: string;
  email: string;
  version: number;
  updated_at: Date;
}

export const toRow = (r: RawSubmission): SubmissionRow => ({
  id: r.id,
  assessmentId: r.assessment_id,
  kind: r.kind,
  courseId: r.course_id,
  studentId: r.student_id,
  status: r.status,
  isAutoSubmitted: r.is_auto_submitted,
  allowedAfterDue: r.allowed_after_due,
  customDueDate: r.custom_due_date,
  joinedLate: r.joined_late,
  submittedAt: r.submitted_at,
  totalScore: Number(r.total_score),
  maxScore: r.max_score,
  visibility: r.result_visibility,
  released: r.released,
  teacherIds: r.teacher_ids,
  itemShownToStudent: r.item_shown,
  student: { id: r.student_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
  version: r.version,
  updatedAt: r.updated_at,
});

/** Which submissions: of one kind (any when absent), one item, one student. */
export interface SubmissionFilter {
  kind?: string;
  assessmentId?: string;
  studentId?: string;
}

/** The filter and 'submission.read' as one WHERE over submissions s joined to their item a. */
export function readableWhere(actor: Actor, by: SubmissionFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const readable = submissionReadableSql(actor, SUBMISSION_REF, '$viewer');
  // the viewer is a parameter only when the twin names it (SuperAdmin's 'TRUE' does not)
  let where = readable.includes('$viewer') ? readable.replaceAll('$viewer', `$${params.push(actor.userId)}::uuid`) : readable;
  if (by.kind) where += ` AND a.kind = $${params.push(by.kind)}`;
  if (by.assessmentId) where += ` AND s.assessment_id = $${params.push(by.assessmentId)}`;
  if (by.studentId) where += ` AND s.student_id = $${params.push(by.studentId)}`;
  return { where, params };
}

export interface RawAnswer {
  submission_id: string;
  question_id: string;
  points: number;
  answer: string;
  selected_option_ids: string[];
  selected_texts: string[];
  file_id: string | null;
  file_name: string | null;
  file_size: string | null;
  file_mime: string | null;
  score: number | null;
  feedback: string | null;
  is_auto_graded: boolean | null;
  grade_version: number | null;
  auto_score: number | null;
  graded_by_name: string | null;
  type: string;
  /** The key and the grade's explanation: absent when the statement left them out (answersSelect's `keys`). */
  explanation?: GradeExplanation | null;
  correct_ids?: string[];
  accepted?: string[];
}

/** The tables answersSelect reads by default. */
const ANSWER_TABLES = { subs: 'submissions', answers: 'submission_answers', grades: 'grades' };

/**
 * What answersSelect reads of the key: each answer's own ('answer': two subqueries an answer), the grade's
 * explanation alone with the key read once a question by questionKeysJson and put on the rows by withQuestionKeys
 * ('question': a grading dashboard's 1,000 answers share 25 questions), or neither ('none': a dashboard whose
 * operation asks for none of them, asksAnswerKeys).
 */
export type AnswerKeys = 'answer' | 'question' | 'none';

/** A question's key as RawAnswer carries it: its correct options and accepted answers (one definition for both reads). */
const keyColumns = (q: string) => `
            ARRAY(SELECT o.id::text FROM question_options o WHERE o.question_id = ${q}.id AND o.is_correct ORDER BY o.sort_order) AS correct_ids,
            ARRAY(SELECT x.answer FROM accepted_answers x WHERE x.question_id = ${q}.id ORDER BY x.sort_order) AS accepted`;

/**
 * answersOf's SELECT over the submissions, answers and grades `from` (the tables, or a CTE's RETURNING rows:
 * the submit's write answers with it); the caller adds WHERE and ORDER BY. `keys`: see AnswerKeys (leaving them
 * out is a third of a dashboard's 0.6 MB).
 */
export const answersSelect = (from: { subs: string; answers: string; grades: string } = ANSWER_TABLES, keys: AnswerKeys = 'answer') => `
     SELECT s.id AS submission_id, q.id AS question_id, q.type, q.points, COALESCE(sa.answer, '') AS answer,
            COALESCE(sa.selected_option_ids::text[], '{}') AS selected_option_ids,
            ARRAY(SELECT o.text FROM question_options o WHERE o.question_id = q.id AND o.id = ANY(sa.selected_option_ids) ORDER BY o.sort_order) AS selected_texts,
            sa.file_id, sa.file_name, f.size AS file_size, f.mime AS file_mime,
            g.score::float8 AS score, g.feedback, g.is_auto_graded, g.version AS grade_version,
            g.auto_score::float8 AS auto_score, gu.first_name || ' ' || gu.last_name AS graded_by_name${keys === 'none' ? '' : ', g.explanation'}${keys === 'answer' ? `,${keyColumns('q')}` : ''}
       FROM ${from.subs} s JOIN questions q ON q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}
       LEFT JOIN ${from.answers} sa ON sa.submission_id = s.id AND sa.question_id = q.id
       LEFT JOIN files f ON f.id = sa.file_id
       LEFT JOIN ${from.grades} g ON g.submission_id = s.id AND g.question_id = q.id
       LEFT JOIN users gu ON gu.id = g.graded_by`;

/** A question's key (questionKeysJson's rows). */
export interface QuestionKeyRow {
  question_id: string;
  correct_ids: string[];
  accepted: string[];
}

/** The key of every question of the item `assessmentId` (fixed and drawn), once a question, as one JSON column. */
export const questionKeysJson = (assessmentId: string) => `(SELECT coalesce(json_agg(k), '[]'::json) FROM (
     SELECT q.id AS question_id,${keyColumns('q')} FROM questions q WHERE q.assessment_id = ${assessmentId}) k)`;

/** answersSelect's rows read with 'question', each given its question's key as 'answer' would have read it. */
export function withQuestionKeys(rows: RawAnswer[], keys: QuestionKeyRow[]): RawAnswer[] {
  const byQuestion = new Map(keys.map((k) => [k.question_id, k]));
  for (const r of rows) {
    const k = byQuestion.get(r.question_id);
    r.correct_ids = k?.correct_ids ?? [];
    r.accepted = k?.accepted ?? [];
  }
  return rows;
}

/** The answers (RawAnswer rows as a JSON list, in answersOf's order) of the submissions `where` picks, as one column. */
export const answersJsonSql = (where: string) => `(SELECT coalesce(json_agg(x ORDER BY x.ord), '[]'::json) FROM (
     SELECT y.*, row_number() OVER () AS ord FROM (${answersSelect()} WHERE ${where} ORDER BY q.draw_id IS NOT NULL, q.sort_order) y) x)`;

/** Answer objects of answersSelect's rows, each with its submission's facts (one facts object per submission). */
export function toAnswers(rows: RawAnswer[], subs: SubmissionRow[]): SubmissionAnswer[] {
  // one facts object per submission, shared by its answers and grades (a dashboard has ~1,000 rows). Properties are
  // set one by one: Object.assign of a spread onto these class instances cost ~50 us an answer (issue 28's profile)
  const factsById = new Map(subs.map((s) => [s.id, factsOf(s)]));
  return rows.map((r) => {
    const facts = factsById.get(r.submission_id)!;
    let grade: SubmissionGrade | null = null;
    if (r.score !== null) {
      grade = withFacts(new SubmissionGrade(), facts);
      grade.questionId = r.question_id;
      grade.score = Number(r.score);
      grade.maxScore = r.points;
      grade.feedback = r.feedback ?? '';
      grade.isAutoGraded = !!r.is_auto_graded;
      grade.explanation = r.explanation ? Object.assign(new GradeExplanation(), r.explanation) : null;
      grade.version = r.grade_version ?? 1;
      grade.autoScore = r.auto_score === null ? null : Number(r.auto_score);
      grade.gradedByName = r.graded_by_name;
    }
    const a = withFacts(new SubmissionAnswer(), facts);
    a.submissionId = r.submission_id;
    a.questionId = r.question_id;
    a.answer = r.answer;
    a.selectedOptionIds = r.selected_option_ids;
    a.selectedOptions = r.selected_texts;
    a.feedback = r.score === null ? null : (r.feedback ?? '');
    a.file = r.file_id
      ? {
          id: r.file_id,
          name: r.file_name ?? 'submission_file',
          size: Number(r.file_size),
          mimeType: r.file_mime ?? 'application/octet-stream',
        }
      : null;
    a.grade = grade;
    a.correctOptionIds = (r.type === 'MCQ' && r.correct_ids) || null;
    a.acceptedAnswers = (r.type === 'ShortAnswer' && r.accepted) || null;
    return a;
  });
}

/** The object with the facts its visibility rules read, decided as `f` (one decision for every object made from it). */
function withFacts<T extends SubmissionFacts & { [DECIDED_AS]?: SubmissionFacts }>(o: T, f: SubmissionFacts): T {
  o[DECIDED_AS] = f;
  o.studentId = f.studentId;
  o.teacherIds = f.teacherIds;
  o.graded = f.graded;
  o.visibility = f.visibility;
  o.released = f.released;
  o.autoSubmitted = f.autoSubmitted;
  return o;
}

/** The facts the visibility rules read, copied onto each object they guard. */
export const factsOf = (s: SubmissionRow) => ({
  studentId: s.studentId,
  teacherIds: s.teacherIds,
  graded: s.status === SubmissionStatus.graded,
  visibility: s.visibility,
  released: s.released,
  autoSubmitted: s.isAutoSubmitted,
});

/** A submission object for GraphQL and the presenters: the row, its facts and its answers. */
export function toSubmission(
  s: SubmissionRow,
  answers: SubmissionAnswer[],
  seen: { results: boolean; grades: boolean; correct: boolean },
): Submission {
  // set one by one, as in toAnswers (a dashboard makes one per student)
  const x = withFacts(new Submission(), factsOf(s));
  x.id = s.id;
  x.assessmentId = s.assessmentId;
  x.student = s.student;
  x.status = s.status;
  x.isAutoSubmitted = s.isAutoSubmitted;
  x.allowedAfterDue = s.allowedAfterDue;
  x.customDueDate = s.customDueDate;
  x.joinedLate = s.joinedLate;
  x.submittedAt = s.submittedAt;
  x.totalScore = s.totalScore;
  x.maxScore = s.maxScore;
  x.percentage = percentOf(s.totalScore, s.maxScore);
  x.resultsVisible = seen.results;
  x.gradesVisible = seen.grades;
  x.correctAnswersVisible = seen.correct;
  x.answers = answers.filter((a) => a.submissionId === s.id);
  x.version = s.version;
  x.updatedAt = s.updatedAt;
  return x;
}

/** Score percent rounded to a whole number (assessments.md section 9). */
export const percentOf = (total: number, max: number) => (max > 0 ? Math.round((total / max) * 100) : 0);
