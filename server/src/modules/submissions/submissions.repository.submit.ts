import { DataSource } from 'typeorm';
import { CourseFactsRow } from '../courses';
import { Assessment, AssessmentKind, Question, QuestionRow, questionRowsSql, toQuestions } from '../assessments';
import { SubmissionStatus } from './submission.types';
import { RawAnswer, RawSubmission, answersSelect, submissionSelect } from './submissions.queries';
import { FileRefs, LockedSubmission } from './submissions.repository';
import { AnswerRows, GradeRows } from './submissions.repository.write';

/*
 * The quiz submit's two statements (issue 29; the submit is counted in round trips and statements): the one read of
 * everything a submit decides on, and the one write of a submit that sends no file. Raw SQL, as the whole domain;
 * what the write writes (grades, totals, files kept) is decided by submissions.submit.ts before it runs.
 */

/** What a submit reads of its item. */
export type SubmitItem = Pick<Assessment, 'id' | 'kind' | 'dueDate'>;

/** The student's submission of the item as the submit's read finds it, with what a resubmit replaces. */
export interface ExistingSubmission extends LockedSubmission {
  version: number;
  /** The previous answers' files (a resubmit may keep them). */
  files: Array<{ question_id: string; file_id: string; file_name: string }>;
}

/** Everything a submit needs before grading, read in one statement (readForSubmit). */
export interface SubmitFacts {
  item: SubmitItem;
  /** The facts 'assessment.read' reads (AssessmentsService.readable's, from the same columns). */
  read: { course: CourseFactsRow; visible: boolean; wholeClass: boolean; targetsViewer: boolean };
  /** The item has random draws the student has no picks of yet: the draw step (a write) runs first. */
  drawsMissing: boolean;
  /** The student's questions with their keys (the fixed ones and their picks), in their order. */
  questions: Question[];
  existing: ExistingSubmission | null;
  /** The draft's long-answer files by question. */
  drafted: FileRefs;
}

interface RawFacts {
  id: string;
  kind: AssessmentKind;
  due_date: Date;
  course_id: string;
  class_id: string;
  academic_year_id: string;
  subject_id: string;
  teacher_ids: string[];
  in_class: boolean;
  visible: boolean;
  whole_class: boolean;
  targets_viewer: boolean;
  draws_missing: boolean;
  questions: QuestionRow[];
  existing: (Omit<ExistingSubmission, 'custom_due_date'> & { custom_due_date: string | null }) | null;
  drafted: Array<{ question_id: string; file_id: string; file_name: string }>;
}

/**
 * The submit's one read: the item with the due rule's inputs and the facts of 'assessment.read' (course,
 * visibility, targets), the student's questions with keys (questionsOf's student scope), whether draws are
 * missing, the student's submission (with its files), and the draft's files. Null when there is no item.
 */
export async function readForSubmit(ds: DataSource, assessmentId: string, studentId: string): Promise<SubmitFacts | null> {
  const [r]: RawFacts[] = await ds.query(
    `SELECT a.id, a.kind, a.due_date, a.course_id, c.class_id, c.academic_year_id, c.subject_id,
            ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = c.id) AS teacher_ids,
            EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id) AS in_class,
            a.is_visible AND COALESCE(mo.is_visible, true) AS visible, a.scope = 'whole_class' AS whole_class,
            EXISTS (SELECT 1 FROM assessment_targets t WHERE t.assessment_id = a.id AND t.student_id = $2) AS targets_viewer,
            EXISTS (SELECT 1 FROM assessment_draws d WHERE d.assessment_id = a.id
                       AND NOT EXISTS (SELECT 1 FROM assessment_draw_picks p WHERE p.draw_id = d.id AND p.student_id = $2)) AS draws_missing,
            (SELECT COALESCE(json_agg(qr ORDER BY qr.n), '[]') FROM (${questionRowsSql('ARRAY[$1::uuid]', 'student', '$2::uuid')}) qr) AS questions,
            (SELECT row_to_json(x) FROM (
               SELECT s.id, s.status, s.is_auto_submitted, s.allowed_after_due, s.custom_due_date, s.version,
                      COALESCE((SELECT json_agg(json_build_object('question_id', sa.question_id, 'file_id', sa.file_id, 'file_name', sa.file_name))
                                  FROM submission_answers sa WHERE sa.submission_id = s.id AND sa.file_id IS NOT NULL), '[]') AS files
                 FROM submissions s WHERE s.assessment_id = a.id AND s.student_id = $2) x) AS existing,
            COALESCE((SELECT json_agg(json_build_object('question_id', d.question_id, 'file_id', d.file_id, 'file_name', d.file_name))
                        FROM submission_draft_files d WHERE d.assessment_id = a.id AND d.student_id = $2), '[]') AS drafted
       FROM assessments a JOIN courses c ON c.id = a.course_id LEFT JOIN course_modules mo ON mo.id = a.module_id
      WHERE a.id = $1`,
    [assessmentId, studentId],
  );
  if (!r) return null;
  return {
    item: { id: r.id, kind: r.kind, dueDate: r.due_date },
    read: {
      course: {
        id: r.course_id,
        classId: r.class_id,
        academicYearId: r.academic_year_id,
        subjectId: r.subject_id,
        teacherIds: r.teacher_ids,
        viewerInClass: r.in_class,
      },
      visible: r.visible,
      wholeClass: r.whole_class,
      targetsViewer: r.targets_viewer,
    },
    drawsMissing: r.draws_missing,
    questions: toQuestions(r.questions, true),
    existing: r.existing && {
      ...r.existing,
      custom_due_date: r.existing.custom_due_date === null ? null : new Date(r.existing.custom_due_date),
    },
    drafted: new Map(r.drafted.map((d) => [d.question_id, d])),
  };
}

/** What the one write writes: the status and totals, the answer rows and the automatic grades (their versions continue in SQL). */
export interface SubmitWrite {
  status: SubmissionStatus;
  total: number;
  maxScore: number;
  rows: AnswerRows;
  grades: GradeRows;
}

/** What the write answers: the submission as submissionRowsById reads it and its answers as answersOf does; null when nothing was written. */
export interface Written {
  row: RawSubmission;
  answers: RawAnswer[];
}

/**
 * The submit's one write (no files sent): a CTE that inserts the submission (ON CONFLICT DO NOTHING under the
 * unique (assessment, student): of simultaneous first submits one writes, the others write nothing) or,
 * for reopened work, updates it when it is still the row the read saw (its version) and the due rule still
 * lets it in; copies the grades it replaces into grade_history (their versions continue), replaces the
 * answers, writes the automatic grades and the totals, and deletes the draft, all in the one statement (so
 * nothing is half written). It answers the row and its answers in the shapes of submissionRowsById and
 * answersOf, or null when it wrote nothing.
 */
export async function writeSubmissionOnce(
  ds: DataSource,
  studentId: string,
  f: SubmitFacts,
  w: SubmitWrite,
  now: Date,
): Promise<Written | null> {
  const params: unknown[] = [
    f.item.id,
    studentId,
    w.status,
    w.total,
    w.maxScore,
    now,
    w.rows.question,
    w.rows.answer,
    w.rows.options,
    w.rows.fileId,
    w.rows.fileName,
    w.grades.question,
    w.grades.score,
    w.grades.explanation,
  ];
  // the row: a first submit inserts (version 2: a row is written at 1 and its submit bumps it, as it always was); reopened work updates
  const head = f.existing
    ? `w AS (
         UPDATE submissions SET status = $3, is_auto_submitted = false, submitted_at = now(), total_score = $4, max_score = $5,
                version = version + 1, updated_at = clock_timestamp()
          WHERE id = $${params.push(f.existing.id)} AND version = $${params.push(f.existing.version)}
            AND (allowed_after_due OR status = 'reopened') AND (custom_due_date IS NULL OR $6::timestamptz <= custom_due_date)
         RETURNING *),
       hist AS (
         INSERT INTO grade_history (submission_id, question_id, score, is_auto_graded, feedback, graded_by, graded_at)
         SELECT g.submission_id, g.question_id, g.score, g.is_auto_graded, g.feedback, g.graded_by, g.updated_at FROM grades g JOIN w ON w.id = g.submission_id),
       gone AS (DELETE FROM grades g USING w WHERE g.submission_id = w.id RETURNING g.question_id, g.version),
       cleared AS (DELETE FROM submission_answers sa USING w WHERE sa.submission_id = w.id RETURNING 1 AS n)`
    : `w AS (
         INSERT INTO submissions (assessment_id, student_id, status, is_auto_submitted, submitted_at, total_score, max_score, version, updated_at)
         SELECT a.id, $2::uuid, $3::text, false, now(), $4::numeric, $5::int, 2, clock_timestamp()
           FROM assessments a WHERE a.id = $1::uuid AND $6::timestamptz <= a.due_date
         ON CONFLICT (assessment_id, student_id) DO NOTHING
         RETURNING *),
       gone AS (SELECT NULL::uuid AS question_id, 0 AS version WHERE false),
       cleared AS (SELECT 0 AS n WHERE false)`;
  // the new answers and grades go in after the old ones went (the scalar subqueries run those deletes first)
  const [r]: Array<RawSubmission & { id: string | null; answers: RawAnswer[] }> = await ds.query(
    `WITH ${head},
       ans AS (
         INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids, file_id, file_name)
         SELECT w.id, x.q, x.a, ARRAY(SELECT jsonb_array_elements_text(x.o::jsonb))::uuid[], x.f, x.n
           FROM w, unnest($7::uuid[], $8::text[], $9::text[], $10::uuid[], $11::text[]) AS x(q, a, o, f, n)
          WHERE (SELECT count(*) FROM cleared) >= 0
         RETURNING *),
       gr AS (
         INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation, version, updated_at)
         SELECT w.id, x.q, x.s, x.s, true, x.e::jsonb, COALESCE((SELECT g.version FROM gone g WHERE g.question_id = x.q), 0) + 1, clock_timestamp()
           FROM w, unnest($12::uuid[], $13::numeric[], $14::text[]) AS x(q, s, e)
          WHERE (SELECT count(*) FROM gone) >= 0
         RETURNING *),
       drafts AS (DELETE FROM submission_drafts d WHERE d.assessment_id = $1::uuid AND d.student_id = $2::uuid AND EXISTS (SELECT 1 FROM w))
     SELECT r.*, (SELECT COALESCE(json_agg(x), '[]') FROM (${answersSelect({ subs: 'w', answers: 'ans', grades: 'gr' })}
                   ORDER BY q.draw_id IS NOT NULL, q.sort_order) x) AS answers
       FROM (SELECT 1) one LEFT JOIN (${submissionSelect('w')}) r ON true`,
    params,
  );
  if (!r.id) return null;
  const { answers: written, ...row } = r;
  return { row: row as RawSubmission, answers: written };
}
