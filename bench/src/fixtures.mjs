// What the scenarios ask for, read from a generated database (src/generate.mjs), and prepared quiz submits.
/**
 * @typedef {object} Fixtures  what `fixtures(db)` returns
 * @property {string[]} courseIds        teacher@'s courses with generated content (modules, announcements, discussions), by title
 * @property {{ id: string, title: string }} course   the first of them
 * @property {{ id: string, title: string }} studentCourse   the first course (by title) of student@'s class
 * @property {Array<{ class_id: string, subject_id: string, academic_year_id: string, date: string }>} sheets
 *           teacher@'s class/subject allocations with their latest marked attendance day (YYYY-MM-DD)
 * @property {number} users              all users
 * @property {string[]} accounts         40 generated accounts (emails, password demo1234) for the login scenario
 * @property {{ id: string, year: string, allocations: number }} firstYear   the year the course-management page opens at
 * @property {Array<{ kind: 'assignment'|'quiz'|'exam', id: string, students: number, questions: number }>} grading
 *           teacher@'s grading-dashboard items (generate-assessments.mjs GRADING_TITLE), one per kind: `id` is the
 *           assessment's GraphQL id and REST _id, `students` the item's roster, `questions` its question count
 * @property {{ assignmentId?: string, quizId?: string, examId?: string }} studentView
 *           an item of each kind that student@ has submitted and may read (graded and results at once preferred),
 *           for the student view page (assessment(id) { mySubmission }; REST GET /api/submissions/{id} and twins)
 * @property {{ assignmentId?: string, quizId?: string, examId?: string }} studentSubmissions
 *           student@'s submission ids of those items (the REST view's {id}), in the same shape
 * @property {number} reviewTeacherCourses   teacher@'s courses that have assessments (the review lists)
 * @property {object} facts  teacherCourses, teacherSheets, studentCourses, studentRecords, rosterOfFirstSheet,
 *           teacherAssessments (items of the courses teacher@ teaches), studentAssessments (items student@ may read),
 *           studentSubmissions (student@'s submissions)
 *
 * @typedef {object} QuizSubmitPair  one element of what `quizSubmitFixtures(db, count)` returns
 * @property {string} token       bearer token of a minted Student session (one per distinct student, shared by that student's pairs)
 * @property {string} studentId
 * @property {string} quizId      a visible quiz in a visible module, due in more than a day, only MCQ (true/false included) and
 *                                short-answer questions, that the student has not submitted (each pair is returned once)
 * @property {{ graphql: { query: string, variables: { input: { assessmentId: string, answers: Array<{ questionId: string, answer?: string, selectedOptionIds?: string[] }> } } },
 *              rest: { path: string, body: { quizId: string, answers: Array<{ questionId: string, answer: string, selectedOptions: string[] }> } } }} answers
 *           the same answers for both transports: GraphQL submitAssessment(input) (JSON request, no files) and
 *           REST POST /api/quizsubmissions (JSON body; selectedOptions are option ids)
 * @property {boolean} allCorrect  three pairs in four answer everything right, the fourth everything wrong
 * @property {number} expectedScore  the automatic total the server must give (maxScore when allCorrect, else 0)
 * @property {number} maxScore
 */
import { mintSessions } from './sessions.mjs';
import { SUBMIT_ASSESSMENT } from './operations.mjs';
import { GRADING_TITLE } from './generate-assessments.mjs';

const KIND = { ASSIGNMENT: 'assignment', QUIZ: 'quiz', EXAM: 'exam' };
const ID_FIELD = { ASSIGNMENT: 'assignmentId', QUIZ: 'quizId', EXAM: 'examId' };

/** What student@ may read ('assessment.read' for a student), on alias a with the student's id as $1. */
const STUDENT_READS = `a.is_visible AND (a.module_id IS NULL OR EXISTS (SELECT 1 FROM course_modules mv WHERE mv.id = a.module_id AND mv.is_visible))
  AND EXISTS (SELECT 1 FROM courses c JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id
               WHERE c.id = a.course_id AND u.id = $1)
  AND (a.scope = 'whole_class' OR EXISTS (SELECT 1 FROM assessment_targets t WHERE t.assessment_id = a.id AND t.student_id = $1))`;

/** @returns {Promise<Fixtures>} */
export async function fixtures(db) {
  const one = async (sql, params) => (await db.query(sql, params)).rows;
  const [teacher] = await one(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  const [student] = await one(`SELECT id, class_id FROM users WHERE email = 'student@demo.school'`);
  if (!teacher || !student) throw new Error('the demo accounts are missing: was the server started with DEMO_SEED=true?');
  // the demo teacher's courses with the generated content (modules, announcements, discussions)
  const courses = await one(
    `SELECT c.id, c.title FROM courses c JOIN course_teachers ct ON ct.course_id = c.id
      WHERE ct.teacher_id = $1 AND EXISTS (SELECT 1 FROM discussions d WHERE d.course_id = c.id AND d.parent_id IS NOT NULL)
      ORDER BY c.title`,
    [teacher.id],
  );
  // the demo teacher's class-and-subject allocations with their latest marked day
  const sheets = await one(
    `SELECT al.class_id, al.subject_id, al.academic_year_id,
            (SELECT max(r.date)::text FROM attendance_records r WHERE r.class_id = al.class_id AND r.subject_id = al.subject_id) AS date
       FROM allocations al JOIN allocation_teachers alt ON alt.allocation_id = al.id
      WHERE alt.teacher_id = $1
      ORDER BY al.class_id, al.subject_id`,
    [teacher.id],
  );
  const [{ n: users }] = await one(`SELECT count(*)::int AS n FROM users`);
  // the year the course-management page opens at load: the first of academicYears (year DESC, id ASC)
  const [firstYear] = await one(
    `SELECT y.id, y.year, (SELECT count(*)::int FROM allocations a WHERE a.academic_year_id = y.id) AS allocations
       FROM academic_years y ORDER BY y.year DESC, y.id ASC LIMIT 1`,
  );
  const accounts = (await one(`SELECT email FROM users WHERE email LIKE '%@bench.school' ORDER BY email LIMIT 40`)).map((r) => r.email);
  const [{ n: studentCourses }] = await one(
    `SELECT count(*)::int AS n FROM courses c JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id WHERE u.id = $1`,
    [student.id],
  );
  // the course student@ opens first on My Classes (the page scenarios' student course)
  const [studentCourse] = await one(
    `SELECT c.id, c.title FROM courses c JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id
      WHERE u.id = $1 ORDER BY c.title, c.id LIMIT 1`,
    [student.id],
  );
  const [{ n: studentRecords }] = await one(`SELECT count(*)::int AS n FROM attendance_records WHERE student_id = $1`, [student.id]);
  const [{ n: roster }] = await one(`SELECT count(*)::int AS n FROM users WHERE class_id = $1`, [sheets[0]?.class_id ?? student.class_id]);
  if (!courses.length || !sheets.length) throw new Error('the demo teacher teaches no generated course or class');

  // ---- assessments
  const grading = (
    await one(
      `SELECT a.kind, a.id,
            (SELECT count(*)::int FROM users u WHERE u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id AND u.role = 'Student') AS students,
            (SELECT count(*)::int FROM questions q WHERE q.assessment_id = a.id) AS questions
       FROM assessments a JOIN courses c ON c.id = a.course_id
      WHERE a.title LIKE $2 AND EXISTS (SELECT 1 FROM course_teachers ct WHERE ct.course_id = a.course_id AND ct.teacher_id = $1)
      ORDER BY array_position(ARRAY['ASSIGNMENT', 'QUIZ', 'EXAM'], a.kind)`,
      [teacher.id, `${GRADING_TITLE} %`],
    )
  ).map((r) => ({ kind: KIND[r.kind], id: r.id, students: r.students, questions: r.questions }));
  if (grading.length !== 3)
    throw new Error(
      `expected teacher@'s three grading items ('${GRADING_TITLE} ...'), found ${grading.length}: was the database generated by this generator?`,
    );
  // per kind, the item student@ submitted that shows the most: graded, results at once, most questions
  const views = await one(
    `SELECT DISTINCT ON (a.kind) a.kind, a.id, s.id AS submission_id
       FROM submissions s JOIN assessments a ON a.id = s.assessment_id
      WHERE s.student_id = $1 AND s.submitted_at IS NOT NULL AND ${STUDENT_READS}
      ORDER BY a.kind, s.status = 'graded' DESC, a.result_visibility = 'immediate' DESC,
               (SELECT count(*) FROM questions q WHERE q.assessment_id = a.id) DESC, a.id`,
    [student.id],
  );
  const studentView = Object.fromEntries(views.map((v) => [ID_FIELD[v.kind], v.id]));
  const studentSubmissions = Object.fromEntries(views.map((v) => [ID_FIELD[v.kind], v.submission_id]));
  const [counts] = await one(
    `SELECT (SELECT count(DISTINCT a.course_id)::int FROM assessments a JOIN course_teachers ct ON ct.course_id = a.course_id AND ct.teacher_id = $2) AS review_courses,
            (SELECT count(*)::int FROM assessments a JOIN course_teachers ct ON ct.course_id = a.course_id AND ct.teacher_id = $2) AS teacher_assessments,
            (SELECT count(*)::int FROM assessments a WHERE ${STUDENT_READS}) AS student_assessments,
            (SELECT count(*)::int FROM submissions WHERE student_id = $1) AS student_submissions`,
    [student.id, teacher.id],
  );
  return {
    courseIds: courses.map((c) => c.id),
    course: courses[0],
    studentCourse,
    sheets: sheets.filter((s) => s.date),
    users,
    accounts,
    firstYear,
    grading,
    studentView,
    studentSubmissions,
    reviewTeacherCourses: counts.review_courses,
    facts: {
      teacherCourses: courses.length,
      teacherSheets: sheets.length,
      studentCourses,
      studentRecords,
      rosterOfFirstSheet: roster,
      teacherAssessments: counts.teacher_assessments,
      studentAssessments: counts.student_assessments,
      studentSubmissions: counts.student_submissions,
    },
  };
}

/**
 * Up to `count` (student, quiz) pairs for the sustained quiz-submit scenario, each to be submitted once: open
 * automatic quizzes (see QuizSubmitPair) of generated students (@bench.school, so the demo accounts' lists do not
 * change during a run) in courses teacher@ does not teach (so the review lists do not either). Pairs go round
 * the students (a student's second pair comes after every student's first), so concurrent submits are by
 * different students. Mints one Student session per distinct student.
 * @returns {Promise<QuizSubmitPair[]>}
 */
export async function quizSubmitFixtures(db, count) {
  const { rows: pairs } = await db.query(
    `WITH pairs AS (
       SELECT u.id AS student_id, a.id AS quiz_id
         FROM assessments a
         JOIN course_modules m ON m.id = a.module_id AND m.is_visible
         JOIN courses c ON c.id = a.course_id
         JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id AND u.role = 'Student' AND u.email LIKE '%@bench.school'
        WHERE a.kind = 'QUIZ' AND a.is_visible AND a.scope = 'whole_class' AND a.due_date > now() + interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.assessment_id = a.id AND q.type = 'LongAnswer')
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = a.id AND s.student_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM course_teachers ct JOIN users t ON t.id = ct.teacher_id
                           WHERE ct.course_id = c.id AND t.email = 'teacher@demo.school'))
     SELECT student_id, quiz_id FROM (
       SELECT p.*, row_number() OVER (PARTITION BY p.student_id ORDER BY p.quiz_id) AS turn FROM pairs p) x
      ORDER BY turn, student_id LIMIT $1`,
    [count],
  );
  if (!pairs.length) return [];
  const { rows: questions } = await db.query(
    `SELECT q.assessment_id, q.id, q.type, q.points,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'isCorrect', o.is_correct) ORDER BY o.sort_order)
                        FROM question_options o WHERE o.question_id = q.id), '[]') AS options,
            (SELECT x.answer FROM accepted_answers x WHERE x.question_id = q.id ORDER BY x.weight DESC, x.sort_order LIMIT 1) AS accepted
       FROM questions q WHERE q.assessment_id = ANY($1::uuid[]) ORDER BY q.assessment_id, q.sort_order`,
    [[...new Set(pairs.map((p) => p.quiz_id))]],
  );
  const byQuiz = new Map();
  for (const q of questions) byQuiz.set(q.assessment_id, [...(byQuiz.get(q.assessment_id) ?? []), q]);

  const students = [...new Set(pairs.map((p) => p.student_id))];
  const tokens = await mintSessions(db, students, { activeRole: 'Student' });
  const tokenOf = new Map(students.map((id, i) => [id, tokens[i]]));

  return pairs.map((p, i) => {
    const allCorrect = i % 4 !== 3;
    const qs = byQuiz.get(p.quiz_id);
    // right: the correct options, the best accepted answer; wrong: one incorrect option, an unmatched text (both score 0)
    const given = qs.map((q) =>
      q.type === 'MCQ'
        ? {
            questionId: q.id,
            selected: q.options
              .filter((o) => o.isCorrect === allCorrect)
              .slice(0, allCorrect ? undefined : 1)
              .map((o) => o.id),
          }
        : { questionId: q.id, answer: allCorrect ? q.accepted : 'not sure' },
    );
    const maxScore = qs.reduce((n, q) => n + q.points, 0);
    return {
      token: tokenOf.get(p.student_id),
      studentId: p.student_id,
      quizId: p.quiz_id,
      answers: {
        graphql: {
          query: SUBMIT_ASSESSMENT,
          variables: {
            input: {
              assessmentId: p.quiz_id,
              answers: given.map((a) =>
                a.selected ? { questionId: a.questionId, selectedOptionIds: a.selected } : { questionId: a.questionId, answer: a.answer },
              ),
            },
          },
        },
        rest: {
          path: '/api/quizsubmissions',
          body: {
            quizId: p.quiz_id,
            answers: given.map((a) => ({ questionId: a.questionId, answer: a.answer ?? '', selectedOptions: a.selected ?? [] })),
          },
        },
      },
      allCorrect,
      expectedScore: allCorrect ? maxScore : 0,
      maxScore,
    };
  });
}
