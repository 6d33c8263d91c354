import { Actor } from '../../policies';
import { assessmentReadableSql } from '../../policies/sql';
import {
  ASSESSMENT_REF,
  LeanQuestionRow,
  QUESTION_COLUMNS,
  QUESTION_LEAN_COLUMNS,
  QuestionRow,
  questionOfStudentSql,
  studentQuestionOrderSql,
} from '../assessments';
import type { Assessment } from '../assessments';
import { itemJson } from './submissions.my-list';
import { RawAnswer, RawSubmission, SUBMISSION_SELECT, answersJsonSql } from './submissions.queries';

/** What viewPageSql answers: the item, whether the student still waits for a draw, their questions, submission and its answers. */
export interface ViewPageRow {
  assessment: Assessment;
  undrawn: boolean;
  questions: Array<QuestionRow | LeanQuestionRow>;
  submission: RawSubmission | null;
  answers: RawAnswer[];
}

/** What of a student's page of an item the operation may ask for: the item's course and module, more of its questions than QUESTION_LEAN. */
export interface ViewPageAsked {
  places: boolean;
  leanQuestions: boolean;
}

/** Everything (REST and any caller that does not know what will be read). */
export const WHOLE_PAGE: ViewPageAsked = { places: true, leanQuestions: false };

/**
 * A student's page of one item (assessment(id) with myStatus and mySubmission: the submit and view pages) in
 * one statement: the item $2 if the viewer $1 may read it ('assessment.read', rendered from its one
 * definition; no row: not found), with its course and module; the student's questions (the fixed ones and
 * their picks, in their order: questionOfStudentSql), their submission with what its rules need, and its
 * answers, one per question of theirs (answersJsonSql). Keys are loaded as the loaders load them and given out
 * only by the field rules. `undrawn`: a draw has no picks for the student yet (they are drawn, then it is read again).
 * `places`: the item with its course (subject, class, year) and module; the submit and view pages ask for neither,
 * and their five subqueries made each plan of the statement ~2.5 ms dearer (9.5 against 7.0 ms on the large
 * school; PostgreSQL plans a prepared statement afresh for its first five runs on each connection).
 * `leanQuestions`: the questions as QUESTION_LEAN_COLUMNS (an operation that asks for none of their keys).
 */
export function viewPageSql(actor: Actor | null, asked: ViewPageAsked = WHOLE_PAGE): string {
  const readable = assessmentReadableSql(actor, ASSESSMENT_REF, '$1::uuid');
  return `
WITH viewer AS (SELECT $1::uuid AS id)
SELECT ${itemJson('a', 'c', asked.places)} AS assessment,
  EXISTS (SELECT 1 FROM assessment_draws d WHERE d.assessment_id = a.id
           AND NOT EXISTS (SELECT 1 FROM assessment_draw_picks p WHERE p.draw_id = d.id AND p.student_id = viewer.id)) AS undrawn,
  (SELECT coalesce(json_agg(x ORDER BY x.ord), '[]'::json) FROM (
     SELECT ${asked.leanQuestions ? QUESTION_LEAN_COLUMNS('q') : QUESTION_COLUMNS('q', 'a')}, row_number() OVER (ORDER BY ${studentQuestionOrderSql('q', '$1::uuid')}) AS ord
       FROM questions q WHERE q.assessment_id = a.id AND ${questionOfStudentSql('q', '$1::uuid')}) x) AS questions,
  (SELECT row_to_json(x) FROM (${SUBMISSION_SELECT} WHERE s.assessment_id = $2::uuid AND s.student_id = $1::uuid) x) AS submission,
  ${answersJsonSql('s.assessment_id = $2::uuid AND s.student_id = $1::uuid')} AS answers
  FROM viewer, assessments a JOIN courses c ON c.id = a.course_id
 WHERE a.id = $2::uuid AND ${readable}`;
}
