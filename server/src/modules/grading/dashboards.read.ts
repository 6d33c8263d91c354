import { Actor } from '../../policies';
import { assessmentReadableSql, submissionReadableSql } from '../../policies/sql';
import { ASSESSMENT_REF, QUESTION_COLUMNS, QuestionRow, AssessmentStudent } from '../assessments';
import type { Assessment } from '../assessments';
import {
  itemJson,
  QuestionKeyRow,
  RawAnswer,
  RawSubmission,
  SUBMISSION_REF,
  SUBMISSION_SELECT,
  answersSelect,
  questionKeysJson,
} from '../submissions';
import { rosterSql } from './dashboards.queries';

/** What dashboardSql answers: the item and everything its dashboard shows, with the facts its rules read. */
export interface DashboardRow {
  assessment: Assessment;
  /** The course as the course rules see it ('assessment.review', 'assessment.autoSubmit' decide on it in JS). */
  course: { id: string; classId: string; academicYearId: string; subjectId: string; teacherIds: string[]; viewerInClass: boolean };
  /** statement_timestamp() as PostgreSQL prints it: the change cursor of this read. */
  at: string;
  questions: QuestionRow[];
  roster: AssessmentStudent[];
  /** The item's submissions the viewer may read, newest first (dates as PostgreSQL's JSON prints them). */
  submissions: RawSubmission[];
  /** Their answers, one per question of each student's (fixed ones and their picks), by submission, fixed first, then by order. */
  answers: RawAnswer[];
  /** The key of each question of the item, once a question (with `keys` only; withQuestionKeys puts it on the answers). */
  keys?: QuestionKeyRow[];
}

/**
 * A grading dashboard (gradingDashboard and the REST summary) in one statement: the item $2 (of the kind $3
 * when given) if the viewer $1 may read it ('assessment.read', rendered from its one definition; no row: not
 * found), with its course and module (itemJson), the course's facts for the review rules, its fixed questions
 * with their keys (as questionsOf loads them for teachers), its roster (rosterSql), the submissions the viewer
 * reads ('submission.read') and their answers (answersSelect: each student's own questions, draws included),
 * and the cursor: the one snapshot all of it comes from. `keys`: each answer's grade explanation, and the key once a
 * question of the item (`keys`: 1,000 answers share 25 questions, and two subqueries an answer cost the REST summary
 * a fifth of its statement); false: neither (answersSelect's AnswerKeys).
 */
export function dashboardSql(actor: Actor | null, keys = true): string {
  const readable = assessmentReadableSql(actor, ASSESSMENT_REF, '$1::uuid');
  const subsReadable = submissionReadableSql(actor, SUBMISSION_REF, '$1::uuid');
  return `
WITH viewer AS (SELECT $1::uuid AS id),
item AS (
  SELECT a.id, a.course_id FROM viewer, assessments a JOIN courses c ON c.id = a.course_id
   WHERE a.id = $2::uuid AND ($3::text IS NULL OR a.kind::text = $3::text) AND ${readable}),
subs AS (
  SELECT x.*, row_number() OVER (ORDER BY x.submitted_at DESC NULLS LAST, x.id) AS ord FROM (
    ${SUBMISSION_SELECT}, viewer WHERE s.assessment_id = (SELECT id FROM item) AND ${subsReadable}) x)
SELECT ${itemJson('a', 'c')} AS assessment,
  json_build_object('id', c.id, 'classId', c.class_id, 'academicYearId', c.academic_year_id, 'subjectId', c.subject_id,
    'teacherIds', ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = c.id),
    'viewerInClass', EXISTS (SELECT 1 FROM users u WHERE u.id = viewer.id AND u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id)) AS course,
  statement_timestamp()::text AS at,
  (SELECT coalesce(json_agg(x ORDER BY x.sort_order), '[]'::json) FROM (
     SELECT ${QUESTION_COLUMNS('q', 'a')} FROM questions q WHERE q.assessment_id = a.id AND q.draw_id IS NULL) x) AS questions,
  (SELECT coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
                            ORDER BY u.last_name, u.first_name, u.id), '[]'::json)
     FROM (${rosterSql('a.id = item.id')}) r JOIN users u ON u.id = r.student_id) AS roster,
  (SELECT coalesce(json_agg(s ORDER BY s.ord), '[]'::json) FROM subs s) AS submissions,
  (SELECT coalesce(json_agg(y ORDER BY y.ord), '[]'::json) FROM (
     SELECT z.*, row_number() OVER () AS ord FROM (
       ${answersSelect(undefined, keys ? 'question' : 'none')} WHERE s.id IN (SELECT id FROM subs) ORDER BY s.id, q.draw_id IS NOT NULL, q.sort_order) z) y) AS answers${
         keys
           ? `,
  ${questionKeysJson('a.id')} AS keys`
           : ''
       }
  FROM viewer, item JOIN assessments a ON a.id = item.id JOIN courses c ON c.id = a.course_id`;
}
