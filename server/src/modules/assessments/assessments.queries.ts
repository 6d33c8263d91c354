import { QuestionType } from './assessment.entity';
import { Question, QuestionOption } from './question.types';

/*
 * The SQL texts of the assessments domain's reads that other domains embed in their own statements (the readable
 * rule's columns, a question's columns and order) and the mapping of their rows; the statements that run them are
 * in the repository (assessments.repository*.ts).
 */

/** The columns 'assessment.read' reads, on alias `a`: shown to students only when it and its module are visible. */
export const ASSESSMENT_REF = {
  courseId: 'a.course_id',
  visible: `(a.is_visible AND (a.module_id IS NULL OR EXISTS (SELECT 1 FROM course_modules mv WHERE mv.id = a.module_id AND mv.is_visible)))`,
  wholeClass: `a.scope = 'whole_class'`,
  assessmentId: 'a.id',
};

export interface QuestionRow {
  id: string;
  assessment_id: string;
  type: QuestionType;
  question_text: string;
  points: number;
  sort_order: number;
  partial_marking: boolean;
  penalty_per_wrong: number;
  bank_question_id: string | null;
  bank_linked: boolean;
  draw_id: string | null;
  teacher_ids: string[];
  options: Array<{ id: string; text: string; isCorrect: boolean }>;
  accepted: Array<{ answer: string; weight: number }>;
}

/** A row of QUESTION_LEAN_COLUMNS: the key, teachers, accepted answers, partial marking and bank facts are not read. */
export type LeanQuestionRow = Pick<QuestionRow, 'id' | 'assessment_id' | 'type' | 'question_text' | 'points' | 'sort_order' | 'draw_id'> &
  Partial<Omit<QuestionRow, 'options'>> & { options: Array<{ id: string; text: string; isCorrect?: boolean }> };

/** The question `q` (an alias) is one of the student's: a fixed question, or one drawn for them. */
export const questionOfStudentSql = (q: string, student: string) =>
  `(${q}.draw_id IS NULL OR EXISTS (SELECT 1 FROM assessment_draw_picks dpx WHERE dpx.question_id = ${q}.id AND dpx.student_id = ${student}))`;

/** A student's order of their questions of `q`'s item: fixed ones first, then each draw's picks ($student's) in draw and pick order. */
export const studentQuestionOrderSql = (q: string, student: string) => `${q}.draw_id IS NOT NULL,
  (SELECT d.position * 100000 + p.position FROM assessment_draw_picks p JOIN assessment_draws d ON d.id = p.draw_id
    WHERE p.question_id = ${q}.id AND p.student_id = ${student}), ${q}.sort_order`;

/** The columns of a question `q` of the item `a` that toQuestions reads (options and accepted answers as JSON). */
export const QUESTION_COLUMNS = (
  q: string,
  a: string,
) => `${q}.id, ${q}.assessment_id, ${q}.type, ${q}.question_text, ${q}.points, ${q}.sort_order,
            ${q}.partial_marking, ${q}.penalty_per_wrong, ${q}.bank_question_id, ${q}.bank_linked, ${q}.draw_id,
            ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = ${a}.course_id) AS teacher_ids,
            COALESCE((SELECT json_agg(json_build_object('id', o.id, 'text', o.text, 'isCorrect', o.is_correct) ORDER BY o.sort_order)
                        FROM question_options o WHERE o.question_id = ${q}.id), '[]') AS options,
            COALESCE((SELECT json_agg(json_build_object('answer', x.answer, 'weight', x.weight) ORDER BY x.sort_order)
                        FROM accepted_answers x WHERE x.question_id = ${q}.id), '[]') AS accepted`;

/**
 * QUESTION_COLUMNS for an operation that asks of the questions no more than QUESTION_LEAN's fields
 * (assessments.types.ts; a student's submit and view pages): no course teachers, key, accepted answers, partial
 * marking or bank facts, whose two subqueries a question were a sixth of the view page's statement. Their fields
 * read undefined, answered as null.
 */
export const QUESTION_LEAN_COLUMNS = (
  q: string,
) => `${q}.id, ${q}.assessment_id, ${q}.type, ${q}.question_text, ${q}.points, ${q}.sort_order, ${q}.draw_id,
            COALESCE((SELECT json_agg(json_build_object('id', o.id, 'text', o.text) ORDER BY o.sort_order)
                        FROM question_options o WHERE o.question_id = ${q}.id), '[]') AS options`;

/**
 * The SELECT of questionsOf as rows with their position `n` in the scope's order, for a statement that embeds it
 * (the submit's one read, submissions.repository.submit.ts): `ids` an SQL array, `student` the student's SQL value.
 */
export function questionRowsSql(ids: string, scope: 'fixed' | 'all' | 'student', student = ''): string {
  const which = scope === 'fixed' ? 'AND q.draw_id IS NULL' : scope === 'all' ? '' : `AND ${questionOfStudentSql('q', student)}`;
  const order = scope === 'student' ? studentQuestionOrderSql('q', student) : 'q.draw_id IS NOT NULL, q.sort_order';
  return `SELECT ${QUESTION_COLUMNS('q', 'a')}, row_number() OVER (ORDER BY q.assessment_id, ${order}) AS n
       FROM questions q JOIN assessments a ON a.id = q.assessment_id
      WHERE q.assessment_id = ANY(${ids}) ${which}`;
}

/** Question objects of QUESTION_COLUMNS (or QUESTION_LEAN_COLUMNS) rows in their order; a student's (`ofStudent`) numbered from 1 per item. */
export function toQuestions(rows: ReadonlyArray<QuestionRow | LeanQuestionRow>, ofStudent: boolean): Question[] {
  const numbered = new Map<string, number>();
  return rows.map((r) => {
    // a student's drawn questions follow the fixed ones without gaps; other scopes keep the stored order
    const n = (numbered.get(r.assessment_id) ?? 0) + 1;
    numbered.set(r.assessment_id, n);
    return Object.assign(new Question(), {
      id: r.id,
      assessmentId: r.assessment_id,
      type: r.type,
      questionText: r.question_text,
      points: r.points,
      order: ofStudent ? n : r.sort_order,
      teacherIds: r.teacher_ids,
      bankQuestionId: r.bank_question_id,
      bankLinked: r.bank_linked,
      drawId: r.draw_id,
      // each option as it came, its teachers added: no copy of it spread first (a view page has a hundred)
      options: r.options.map((o) => Object.assign(new QuestionOption(), o, { teacherIds: r.teacher_ids })),
      acceptedAnswers: r.accepted,
      partialMarking: r.partial_marking === undefined ? undefined : { enabled: r.partial_marking, penaltyPerWrong: r.penalty_per_wrong },
    });
  });
}
