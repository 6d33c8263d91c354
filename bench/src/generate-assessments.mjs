// Assessments of the generated school (called by generate.mjs inside its transaction, after the courses, their
// modules and the students): assignments, quizzes (each in a module) and exams with 10-25 questions of every type
// (MCQ with one correct option, true/false, MCQ with several correct options with or without partial marking,
// short answers with weighted accepted answers, long answers), every result visibility, some hidden, some past due;
// submissions in every state with one answer per question and grades whose scores are the server's automatic ones
// (server/src/modules/assessments/auto-grade.ts), totals and status as refreshSubmissions leaves them; some drafts.
//
// Everything is set-based: a handful of temp tables (b_items, b_questions, b_variants, b_subs) then one
// INSERT ... SELECT per table. Answers are drawn from a few variants per question (right, wrong, partly right,
// blank), each graded once in SQL with the server's rules and explained in the server's words.
//
// The states follow the overdue sweep's invariant (server/src/jobs/overdue-sweep.ts runs every minute): every
// student of a visible item past its due date has a submission (the sweep auto-submitted those who had none), and
// reopened work is due in the future, so the server's first sweep on the generated school finds nothing to do.

/** Sizes of the large school's assessments (merged into generate.mjs's DEFAULTS). */
export const ASSESSMENT_DEFAULTS = {
  questionsMin: 10,
  questionsMax: 25,
  dropExamEvery: 3, // an assignment and a quiz per course, an exam in two courses of three (older years: one in three)
  poolParts: 3, // active-year courses whose part (#k) is among the last poolParts get the open quizzes below
  poolQuizzesPerCourse: 1, // open auto-graded quizzes nobody has submitted (the quiz-submit scenario)
  gradingQuestions: 25, // the grading-dashboard items of teacher@ (one per kind, student@'s class)
};

/** The small preset's assessments. */
export const SMALL_ASSESSMENTS = {
  questionsMin: 10,
  questionsMax: 12,
  dropExamEvery: 2,
  poolParts: 2,
  poolQuizzesPerCourse: 3,
  gradingQuestions: 10,
};

/** The tables written here (generate.mjs counts the rows added). */
export const ASSESSMENT_TABLES = [
  'assessments',
  'assessment_targets',
  'questions',
  'question_options',
  'accepted_answers',
  'submissions',
  'submission_answers',
  'grades',
  'grade_history',
  'submission_drafts',
];

/** Titles of the grading-dashboard items: 'Unit review assignment', 'Unit review quiz', 'Unit review exam'. */
export const GRADING_TITLE = 'Unit review';

const WORDS = [
  'photosynthesis',
  'evaporation',
  'parliament',
  'triangle',
  'denominator',
  'glacier',
  'renaissance',
  'oxygen',
  'metaphor',
  'velocity',
  'continent',
  'democracy',
  'fraction',
  'harmony',
  'algorithm',
  'equator',
  'molecule',
  'sonnet',
];
const FEEDBACK = [
  'Good reasoning; add an example next time.',
  'Clear and complete.',
  'Check the second step of your working.',
  'You missed the link to last week; see the notes.',
];
const LONG_ANSWERS = [
  'First I compared the two ideas from the notes, then I checked them against the example we did in class.',
  'The main reason is the one from part two of the notes: it explains why the result changes when the conditions change, ' +
    'and the worked example shows the same pattern.',
];

/**
 * An id whose first 8 hex digits are `n` (the rest random, version 4): rows inserted in the order of n extend
 * their indexes at the end instead of touching a random page of them for each row, which keeps the bulk inserts
 * of millions of rows fast. Still a valid, unique uuid.
 */
const orderedId = (n) => `overlay(gen_random_uuid()::text PLACING lpad(to_hex(${n}), 8, '0') FROM 1 FOR 8)::uuid`;

// Question templates t: 0 MCQ one correct of 4, 1 true/false, 2 MCQ two correct of 5, 3 and 5 short answer, 4 long answer.
const POINTS = [2, 1, 4, 2, 5, 3];

/**
 * The answer variant a submission gives to a question (a row of b_variants): by template, mostly right. `s` and
 * `q` are the aliases of b_subs and b_questions; an auto-submitted submission answered nothing (variant 9).
 */
const variantOf = (s, q) => {
  const r = `((${s}.sn * 7 + ${q}.j * 3 + ${s}.sn / 10) % 10)`;
  return `CASE WHEN ${s}.state = 'auto' THEN 9
    WHEN ${q}.t IN (0, 1) THEN CASE WHEN ${r} < 6 THEN 0 WHEN ${r} < 9 THEN 1 ELSE 9 END
    WHEN ${q}.t = 2 THEN CASE WHEN ${r} < 4 THEN 0 WHEN ${r} < 6 THEN 2 WHEN ${r} < 7 THEN 3 WHEN ${r} < 8 THEN 4 WHEN ${r} < 9 THEN 1 ELSE 9 END
    WHEN ${q}.t = 4 THEN CASE WHEN ${r} < 4 THEN 0 WHEN ${r} < 8 THEN 1 WHEN ${r} < 9 THEN 2 ELSE 9 END
    ELSE CASE WHEN ${r} < 4 THEN 0 WHEN ${r} < 6 THEN 1 WHEN ${r} < 8 THEN 2 WHEN ${r} < 9 THEN 3 ELSE 9 END END`;
};

/** States that hand something in (one answer row per question). */
const ANSWERED = `('auto', 'pending', 'partial', 'graded', 'reopened', 'resubmitted')`;

/**
 * Writes the assessments into the open transaction of generate.mjs. Reads its temp tables b_courses (n, id,
 * class_id, academic_year_id, created_by, age, k), b_modules (id, course_id, m), b_classes and b_grading_class.
 * `fileId` is a stored file row some long answers point at (metadata only).
 */
export async function generateAssessments(client, o, step, { fileId }) {
  const mods = o.modulesPerCourse;
  const rebuild = [];
  for (const t of ['question_options', 'accepted_answers', 'submission_answers', 'grades']) rebuild.push(await dropIndexes(client, t));
  // the students of the generated classes, numbered within their class
  await step(
    'students (temp)',
    `
    CREATE TEMP TABLE b_students ON COMMIT DROP AS
    SELECT u.id, u.class_id, u.academic_year_id, u.email = 'student@demo.school' AS is_demo,
           (row_number() OVER (PARTITION BY u.class_id, u.academic_year_id ORDER BY u.id) - 1)::int AS si
      FROM users u JOIN b_classes c ON c.id = u.class_id AND c.academic_year_id = u.academic_year_id
     WHERE u.role = 'Student'`,
  );
  // ---- the items: three kinds per course (some exams dropped), the open quizzes, the grading items
  await client.query(`
    CREATE TEMP TABLE b_items (
      n serial, id uuid NOT NULL DEFAULT gen_random_uuid(), role text NOT NULL, kind text NOT NULL, course_id uuid NOT NULL,
      module_id uuid, module_m int, class_id uuid, academic_year_id uuid, created_by uuid, age int, title text,
      nq int, with_long boolean, off int, due timestamptz, visible boolean, open boolean, visibility text, scope text, total int
    ) ON COMMIT DROP`);
  await step(
    'assessment plan: regular items',
    `
    INSERT INTO b_items (role, kind, course_id, module_id, module_m, class_id, academic_year_id, created_by, age)
    SELECT 'regular', kk.kind, bc.id, bm.id, bm.m, bc.class_id, bc.academic_year_id, bc.created_by, bc.age
      FROM b_courses bc CROSS JOIN unnest(ARRAY['ASSIGNMENT', 'QUIZ', 'EXAM']) AS kk(kind)
      LEFT JOIN b_modules bm ON kk.kind = 'QUIZ' AND bm.course_id = bc.id
                            AND bm.m = CASE WHEN bc.n % 10 = 3 THEN $1::int ELSE 1 + bc.n % greatest(1, $1::int - 1) END
     WHERE NOT (kk.kind = 'EXAM' AND (bc.n % $2::int = 0 OR (bc.age > 0 AND bc.n % $2::int = 1)))
     ORDER BY bc.n, kk.kind`,
    [mods, o.dropExamEvery],
  );
  await step(
    'assessment plan: open quizzes for the quiz-submit scenario',
    `
    INSERT INTO b_items (role, kind, course_id, module_id, module_m, class_id, academic_year_id, created_by, age)
    SELECT 'pool', 'QUIZ', bc.id, bm.id, bm.m, bc.class_id, bc.academic_year_id, bc.created_by, bc.age
      FROM b_courses bc CROSS JOIN generate_series(1, $3::int) AS p
      JOIN b_modules bm ON bm.course_id = bc.id AND bm.m = 1 + (bc.n + p) % greatest(1, $1::int - 1)
     WHERE bc.age = 0 AND bc.k > $2::int - $4::int
     ORDER BY bc.n, p`,
    [mods, o.coursesPerAllocation, o.poolQuizzesPerCourse, o.poolParts],
  );
  // teacher@'s course of the grading class (any course of that class when teacher@ teaches none there)
  await step(
    'assessment plan: the grading-dashboard items',
    `
    WITH course AS (
      SELECT bc.* FROM b_courses bc JOIN b_grading_class g ON g.id = bc.class_id AND g.academic_year_id = bc.academic_year_id
       ORDER BY EXISTS (SELECT 1 FROM course_teachers ct JOIN users u ON u.id = ct.teacher_id
                         WHERE ct.course_id = bc.id AND u.email = 'teacher@demo.school') DESC, bc.n
       LIMIT 1)
    INSERT INTO b_items (role, kind, course_id, module_id, module_m, class_id, academic_year_id, created_by, age, title)
    SELECT 'grading', kk.kind, c.id, bm.id, bm.m, c.class_id, c.academic_year_id,
           coalesce((SELECT u.id FROM course_teachers ct JOIN users u ON u.id = ct.teacher_id
                      WHERE ct.course_id = c.id AND u.email = 'teacher@demo.school'), c.created_by), c.age,
           format('%s %s', $1::text, lower(kk.kind))
      FROM course c CROSS JOIN unnest(ARRAY['ASSIGNMENT', 'QUIZ', 'EXAM']) AS kk(kind)
      LEFT JOIN b_modules bm ON kk.kind = 'QUIZ' AND bm.course_id = c.id AND bm.m = 1`,
    [GRADING_TITLE],
  );
  // sizes, visibility and due dates from the item's number: active-year items fall due between 40 days ago and in
  // 30 days, older years' long ago; one in ten hidden, every 10th course's quiz in its hidden last module
  await step(
    'assessment plan: attributes',
    `
    UPDATE b_items i SET
      id = ${orderedId('i.n')},
      off = CASE i.role WHEN 'grading' THEN 0 ELSE i.n END,
      -- 10 to 25 questions, most items nearer 10: min + x^3 / range^2 for x in 0..range
      nq = CASE i.role WHEN 'grading' THEN $1::int
                ELSE $2::int + ((i.n * 7) % ($3::int - $2::int + 1)) * ((i.n * 7) % ($3::int - $2::int + 1)) * ((i.n * 7) % ($3::int - $2::int + 1))
                               / greatest(1, ($3::int - $2::int) * ($3::int - $2::int)) END,
      with_long = CASE i.role WHEN 'pool' THEN false WHEN 'grading' THEN true
                              ELSE CASE i.kind WHEN 'QUIZ' THEN i.n % 4 = 0 ELSE i.n % 5 <> 0 END END,
      visible = i.role <> 'regular' OR i.n % 10 <> 7,
      open = (i.role <> 'regular' OR i.n % 10 <> 7) AND coalesce(i.module_m < $4::int, true),
      visibility = CASE WHEN i.role = 'grading' THEN CASE i.kind WHEN 'ASSIGNMENT' THEN 'immediate' WHEN 'QUIZ' THEN 'scoreOnly' ELSE 'manual' END
                        ELSE (ARRAY['immediate', 'scoreOnly', 'manual'])[1 + i.n % 3] END,
      scope = CASE WHEN i.role = 'regular' AND i.n % 25 = 3 THEN 'individual_students' ELSE 'whole_class' END,
      due = date_trunc('minute', CASE i.role
        WHEN 'pool' THEN now() + make_interval(days => 20 + i.n % 20)
        WHEN 'grading' THEN now() + CASE i.kind WHEN 'ASSIGNMENT' THEN interval '-3 days' WHEN 'QUIZ' THEN interval '4 days' ELSE interval '-1 day' END
        ELSE now() - make_interval(days => i.age * 365) + make_interval(days => (i.n * 13) % 71 - 30, hours => i.n % 24) END),
      title = coalesce(i.title, format('%s %s: %s', CASE i.role WHEN 'pool' THEN 'Quick check'
                                                      ELSE CASE i.kind WHEN 'ASSIGNMENT' THEN 'Homework' WHEN 'QUIZ' THEN 'Quiz' ELSE 'Test' END END,
                                        i.n, (SELECT c.title FROM courses c WHERE c.id = i.course_id)))`,
    [o.gradingQuestions, o.questionsMin, o.questionsMax, mods],
  );
  await client.query('ANALYZE b_items');

  // ---- questions (template t by position), their points; the item's total is their sum
  await client.query(`
    CREATE TEMP TABLE b_questions (
      id uuid NOT NULL DEFAULT gen_random_uuid(), item_n int, assessment_id uuid, j int, t int, points int,
      partial boolean, penalty int, word text
    ) ON COMMIT DROP`);
  await step(
    'question plan',
    `
    INSERT INTO b_questions (id, item_n, assessment_id, j, t)
    SELECT ${orderedId('i.n * 32 + j')}, i.n, i.id, j, CASE WHEN i.with_long THEN (j + i.off) % 6 ELSE (ARRAY[0, 1, 2, 3, 5])[1 + (j + i.off) % 5] END
      FROM b_items i CROSS JOIN generate_series(1, i.nq) AS j
     ORDER BY i.n, j`,
  );
  await step(
    'question plan: points',
    `
    UPDATE b_questions q SET points = ($1::int[])[q.t + 1],
           partial = q.t = 2 AND (q.j + q.item_n) % 4 < 2,
           penalty = CASE WHEN q.t = 2 AND (q.j + q.item_n) % 4 < 2 THEN 25 ELSE 0 END,
           word = CASE WHEN q.t IN (3, 5) THEN ($2::text[])[1 + (q.j * 5 + q.item_n) % cardinality($2::text[])] END`,
    [POINTS, WORDS],
  );
  await client.query('ANALYZE b_questions');
  await step(
    'item totals',
    `
    UPDATE b_items i SET total = x.total FROM (SELECT item_n, sum(points)::int AS total FROM b_questions GROUP BY item_n) x WHERE x.item_n = i.n`,
  );

  await step(
    'assessments',
    `
    INSERT INTO assessments (id, kind, course_id, module_id, title, description, instructions, due_date, total_points,
                             result_visibility, is_visible, scope, position, created_by, results_released_at, created_at, updated_at)
    SELECT i.id, i.kind, i.course_id, i.module_id, i.title,
           format('Practice on this week''s notes (%s questions).', i.nq),
           'Answer every question. Short answers are one word; explain your reasoning in the long answers.',
           i.due, i.total, i.visibility, i.visible, i.scope, -i.n, i.created_by,
           -- half of the manual items past due have their results released
           CASE WHEN i.visibility = 'manual' AND i.role = 'regular' AND i.n % 2 = 0 AND i.due + interval '2 days' < now() THEN i.due + interval '2 days' END,
           least(now() - interval '1 hour', i.due - interval '14 days'), least(now() - interval '1 hour', i.due - interval '13 days')
      FROM b_items i ORDER BY i.n`,
  );
  await step(
    'assessment targets (individual students: every third of the class)',
    `
    INSERT INTO assessment_targets (assessment_id, student_id)
    SELECT i.id, s.id FROM b_items i JOIN b_students s ON s.class_id = i.class_id AND s.academic_year_id = i.academic_year_id
     WHERE i.scope = 'individual_students' AND s.si % 3 = 0`,
  );
  await step(
    'questions',
    `
    INSERT INTO questions (id, assessment_id, type, question_text, points, sort_order, partial_marking, penalty_per_wrong)
    SELECT q.id, q.assessment_id, CASE WHEN q.t IN (0, 1, 2) THEN 'MCQ' WHEN q.t = 4 THEN 'LongAnswer' ELSE 'ShortAnswer' END,
           CASE q.t WHEN 0 THEN format('Question %s: which of these completes the rule from this week''s notes?', q.j)
                    WHEN 1 THEN format('Question %s: true or false? The example in part %s of the notes follows the rule.', q.j, 1 + q.j % 4)
                    WHEN 2 THEN format('Question %s: select every statement that applies to part %s of the notes.', q.j, 1 + q.j % 4)
                    WHEN 4 THEN format('Question %s: explain in a few sentences how part %s connects to last week''s topic.', q.j, 1 + q.j % 4)
                    ELSE format('Question %s: give the one-word term for the idea in part %s of the notes.', q.j, 1 + q.j % 4) END,
           q.points, q.j, q.partial, q.penalty
      FROM b_questions q ORDER BY q.item_n, q.j`,
  );
  await step(
    'question options',
    `
    INSERT INTO question_options (id, question_id, sort_order, text, is_correct)
    SELECT ${orderedId('(q.item_n * 32 + q.j) * 8 + o')}, q.id, o, CASE q.t WHEN 1 THEN (ARRAY['True', 'False'])[o] ELSE format('Statement %s', chr(64 + o)) END,
           CASE q.t WHEN 0 THEN o = 1 + q.j % 4 WHEN 1 THEN o = 1 + q.j % 2 ELSE o IN (1 + q.j % 5, 1 + (q.j + 2) % 5) END
      FROM b_questions q CROSS JOIN generate_series(1, CASE q.t WHEN 0 THEN 4 WHEN 1 THEN 2 ELSE 5 END) AS o
     WHERE q.t IN (0, 1, 2)
     ORDER BY q.item_n, q.j, o`,
  );
  await step(
    'accepted answers',
    `
    INSERT INTO accepted_answers (id, question_id, sort_order, answer, weight)
    SELECT ${orderedId('(q.item_n * 32 + q.j) * 2 + x')}, q.id, x, CASE x WHEN 1 THEN q.word ELSE 'the ' || q.word END, CASE x WHEN 1 THEN 100 ELSE 50 END
      FROM b_questions q CROSS JOIN generate_series(1, 2) AS x WHERE q.t IN (3, 5)
     ORDER BY q.item_n, q.j, x`,
  );

  // ---- answer variants, each graded once with the server's rules (gradeMcq, gradeShortAnswer, gradeWithExplanation)
  await client.query(`
    CREATE TEMP TABLE b_variants (question_id uuid, v int, answer text, sel uuid[], score numeric(8,2), explanation jsonb) ON COMMIT DROP`);
  // the options in order: c the correct ones (one, or two for t 2), w the others; right, wrong and missed as
  // gradeWithExplanation lists them (in option order) for each selection
  await step(
    'answer variants: multiple choice',
    `
    WITH k AS (
      SELECT o.question_id, array_agg(o.id ORDER BY o.sort_order) FILTER (WHERE o.is_correct) AS c,
             array_agg(o.id ORDER BY o.sort_order) FILTER (WHERE NOT o.is_correct) AS w
        FROM question_options o JOIN b_questions q ON q.id = o.question_id GROUP BY o.question_id
    ), p AS (
      SELECT q.id, q.points, q.partial, q.penalty, v, cardinality(k.c) AS nc,
             CASE v WHEN 0 THEN k.c WHEN 1 THEN k.w[1:1] WHEN 2 THEN k.c[1:1] WHEN 3 THEN ARRAY[k.c[1], k.w[1]]
                    WHEN 4 THEN k.c || k.w[1:1] ELSE '{}'::uuid[] END AS sel,
             CASE WHEN v IN (0, 4) THEN k.c WHEN v IN (2, 3) THEN k.c[1:1] ELSE '{}'::uuid[] END AS r,
             CASE WHEN v IN (1, 3, 4) THEN k.w[1:1] ELSE '{}'::uuid[] END AS wr,
             CASE WHEN v IN (0, 4) THEN '{}'::uuid[] WHEN v IN (2, 3) THEN k.c[2:] ELSE k.c END AS m
        FROM b_questions q JOIN k ON k.question_id = q.id
        CROSS JOIN unnest(CASE WHEN q.t = 2 THEN ARRAY[0, 1, 2, 3, 4, 9] ELSE ARRAY[0, 1, 9] END) AS v
    )
    INSERT INTO b_variants (question_id, v, answer, sel, score, explanation)
    SELECT p.id, p.v, '', p.sel,
           CASE WHEN NOT p.partial THEN CASE WHEN cardinality(p.r) = p.nc AND cardinality(p.wr) = 0 AND p.nc > 0 THEN p.points ELSE 0 END
                ELSE round(greatest(0, least(p.points, p.points * cardinality(p.r)::numeric / p.nc - p.points * p.penalty * cardinality(p.wr) / 100.0)), 2) END,
           jsonb_build_object('rightOptionIds', to_jsonb(p.r::text[]), 'wrongOptionIds', to_jsonb(p.wr::text[]),
             'missedOptionIds', to_jsonb(p.m::text[]), 'matchedAnswer', NULL, 'matchedWeight', NULL,
             'text', CASE WHEN cardinality(p.sel) = 0 THEN 'No option selected.'
                          ELSE format('%s correct option%s selected, %s wrong option%s selected, %s correct option%s missed',
                                      cardinality(p.r), CASE WHEN cardinality(p.r) = 1 THEN '' ELSE 's' END,
                                      cardinality(p.wr), CASE WHEN cardinality(p.wr) = 1 THEN '' ELSE 's' END,
                                      cardinality(p.m), CASE WHEN cardinality(p.m) = 1 THEN '' ELSE 's' END)
                               || CASE WHEN p.partial THEN format(' (partial marking, %s%% off per wrong option).', p.penalty) ELSE ' (all or nothing).' END END)
      FROM p`,
  );
  await step(
    'answer variants: short and long answers',
    `
    INSERT INTO b_variants (question_id, v, answer, sel, score, explanation)
    SELECT q.id, v, x.answer, '{}', x.score,
           CASE WHEN q.t <> 4 THEN jsonb_build_object('rightOptionIds', '[]'::jsonb, 'wrongOptionIds', '[]'::jsonb, 'missedOptionIds', '[]'::jsonb,
             'matchedAnswer', x.matched, 'matchedWeight', x.weight,
             'text', CASE WHEN x.answer = '' THEN 'No answer given.' WHEN x.matched IS NULL THEN 'No accepted answer matched.'
                          ELSE format('Matched the accepted answer "%s" at %s%%.', x.matched, x.weight) END) END
      FROM b_questions q
      CROSS JOIN unnest(CASE WHEN q.t = 4 THEN ARRAY[0, 1, 2, 9] ELSE ARRAY[0, 1, 2, 3, 9] END) AS v
      CROSS JOIN LATERAL (
        SELECT CASE WHEN q.t = 4 THEN CASE v WHEN 9 THEN '' ELSE ($1::text[])[1 + v % 2] END
                    ELSE CASE v WHEN 0 THEN q.word WHEN 1 THEN '  ' || upper(q.word) || ' ' WHEN 2 THEN 'the ' || q.word
                                WHEN 3 THEN 'not sure' ELSE '' END END AS answer,
               CASE WHEN q.t = 4 THEN NULL WHEN v IN (0, 1) THEN q.word WHEN v = 2 THEN 'the ' || q.word END AS matched,
               CASE WHEN q.t = 4 THEN NULL WHEN v IN (0, 1) THEN 100 WHEN v = 2 THEN 50 END AS weight,
               CASE WHEN q.t = 4 THEN NULL WHEN v IN (0, 1) THEN q.points WHEN v = 2 THEN round(q.points * 50 / 100.0, 2) ELSE 0 END AS score
      ) AS x
     WHERE q.t IN (3, 4, 5)`,
    [LONG_ANSWERS],
  );
  await client.query('CREATE INDEX ON b_variants (question_id, v)');
  await client.query('ANALYZE b_variants');

  // ---- who hands in what (see the states in the header comment)
  await client.query(`
    CREATE TEMP TABLE b_subs (
      sn serial, id uuid NOT NULL DEFAULT gen_random_uuid(), item_n int, assessment_id uuid, student_id uuid, state text,
      teacher uuid, due timestamptz, submitted_at timestamptz, graded_at timestamptz, custom_due timestamptz, total int, nq int
    ) ON COMMIT DROP`);
  await step(
    'submission plan',
    `
    INSERT INTO b_subs (item_n, assessment_id, student_id, state, teacher, due, total, nq, submitted_at, custom_due)
    SELECT x.n, x.id, x.student_id, x.state, x.created_by, x.due, x.total, x.nq,
           CASE WHEN x.state IN ('reopened_empty', 'for_grading') THEN NULL
                WHEN x.state = 'auto' THEN x.due + interval '1 minute'
                WHEN x.due < now() THEN x.due - make_interval(hours => 1 + x.r % 72)
                ELSE now() - make_interval(hours => 1 + x.r % 48) END,
           CASE WHEN x.state IN ('reopened', 'reopened_empty', 'resubmitted') THEN date_trunc('minute', now() + make_interval(days => 2 + x.r % 5)) END
      FROM (
        SELECT i.n, i.id, i.created_by, i.due, i.total, i.nq, s.id AS student_id, r.r,
               CASE
                 WHEN i.role = 'pool' THEN NULL
                 WHEN i.role = 'grading' THEN CASE
                   WHEN s.is_demo THEN 'graded'
                   WHEN i.due > now() AND (s.si + gk.k) % 10 IN (1, 8) THEN NULL
                   ELSE (ARRAY['graded', 'auto', 'pending', 'partial', 'graded', 'reopened', 'graded', 'resubmitted', 'pending', 'graded'])[1 + (s.si + gk.k) % 10] END
                 -- student@ goes through every state on each kind's list (the demo's My Assignments, My Quizzes, My Exams)
                 WHEN s.is_demo AND i.due < now() AND i.open
                   THEN (ARRAY['auto', 'graded', 'pending', 'reopened', 'partial', 'graded', 'resubmitted'])[1 + i.n % 7]
                 WHEN s.is_demo AND i.open THEN (ARRAY[NULL, 'pending', 'graded', 'reopened', NULL])[1 + i.n % 5]
                 WHEN i.due < now() AND i.open THEN CASE
                   WHEN r.r < 8 THEN 'auto'
                   WHEN i.age > 0 THEN CASE WHEN r.r < 14 THEN 'pending' ELSE 'graded' END
                   WHEN r.r < 10 THEN 'reopened' WHEN r.r < 12 THEN 'resubmitted' WHEN r.r < 13 THEN 'reopened_empty'
                   WHEN r.r < 14 THEN 'for_grading' WHEN r.r < 26 THEN 'pending' WHEN r.r < 36 THEN 'partial' ELSE 'graded' END
                 WHEN i.due < now() THEN CASE WHEN r.r < 10 THEN 'pending' WHEN r.r < 50 THEN 'graded' END
                 WHEN i.open THEN CASE WHEN r.r < 3 THEN 'reopened' WHEN r.r < 15 THEN 'pending' WHEN r.r < 25 THEN 'partial' WHEN r.r < 45 THEN 'graded' END
               END AS state
          FROM b_items i
          JOIN b_students s ON s.class_id = i.class_id AND s.academic_year_id = i.academic_year_id AND (i.scope = 'whole_class' OR s.si % 3 = 0)
          CROSS JOIN LATERAL (SELECT (i.n * 7 + s.si * 13) % 100 AS r) AS r
          CROSS JOIN LATERAL (SELECT CASE i.kind WHEN 'ASSIGNMENT' THEN 0 WHEN 'QUIZ' THEN 3 ELSE 6 END AS k) AS gk
      ) x
     WHERE x.state IS NOT NULL
     ORDER BY x.n, x.student_id`,
  );
  await step(
    'submission plan: ids and grading times',
    `
    UPDATE b_subs SET id = ${orderedId('sn')},
           graded_at = least(now() - interval '1 minute', coalesce(submitted_at, due) + make_interval(hours => 20 + sn % 50))`,
  );
  await client.query('ANALYZE b_subs');
  await client.query('CREATE INDEX ON b_questions (item_n, j)');
  await client.query('ANALYZE b_questions');

  // The grades, and the submissions with their totals, in one statement (the foreign keys are checked at its
  // end): automatic grades of every handed-in automatic question; a teacher overrode one in 23 of graded work;
  // long answers graded by the teacher in graded and reopened work, every other one in partly graded work, half
  // of the auto-submitted work (0: nothing was handed in); a resubmission waits for the teacher again. Then as
  // refreshSubmissions: the total is the sum of the grades, graded once every question has one, reopened stays.
  await step(
    'grades and submissions',
    `
    WITH g AS (
      INSERT INTO grades (id, submission_id, question_id, score, auto_score, is_auto_graded, feedback, explanation, graded_by, version, updated_at)
      SELECT ${orderedId('x.sn * 32 + x.j')}, x.sub_id, x.question_id,
             CASE WHEN x.override THEN x.points WHEN x.t = 4 THEN CASE WHEN x.state = 'auto' THEN 0 ELSE greatest(0, x.points - (x.sn + x.j) % 4) END ELSE x.auto END,
             CASE WHEN x.t = 4 THEN NULL ELSE x.auto END,
             x.t <> 4 AND NOT x.override,
             CASE WHEN x.t = 4 THEN CASE WHEN x.state = 'auto' THEN 'No answer was handed in.' ELSE ($1::text[])[1 + (x.sn + x.j) % 4] END
                  WHEN x.override THEN 'Accepted: your working shows you understood it.' ELSE '' END,
             CASE WHEN x.t = 4 THEN NULL ELSE x.explanation END,
             CASE WHEN x.t = 4 OR x.override THEN x.teacher END,
             CASE WHEN x.override THEN 2 ELSE 1 END,
             CASE WHEN x.t = 4 OR x.override THEN x.graded_at ELSE x.submitted_at END
        FROM (
          SELECT s.sn, s.id AS sub_id, s.state, s.teacher, s.submitted_at, s.graded_at, q.j, q.id AS question_id, q.t, q.points,
                 va.score AS auto, va.explanation,
                 q.t <> 4 AND s.state IN ('graded', 'reopened') AND va.score < q.points AND (s.sn + q.j) % 23 = 0 AS override
            FROM b_subs s JOIN b_questions q ON q.item_n = s.item_n
            JOIN b_variants va ON va.question_id = q.id AND va.v = ${variantOf('s', 'q')}
           WHERE s.state IN ${ANSWERED}
             AND (q.t <> 4 OR s.state IN ('graded', 'reopened') OR (s.state = 'partial' AND q.j % 2 = 0) OR (s.state = 'auto' AND s.sn % 2 = 0))
        ) x
       ORDER BY x.sn, x.j
      RETURNING submission_id, score
    ), t AS (
      SELECT submission_id, sum(score) AS total, count(*)::int AS n FROM g GROUP BY submission_id
    )
    INSERT INTO submissions (id, assessment_id, student_id, status, is_auto_submitted, allowed_after_due, custom_due_date, submitted_at,
                             total_score, max_score, version, created_at, updated_at)
    SELECT s.id, s.assessment_id, s.student_id,
           CASE WHEN s.state IN ('reopened', 'reopened_empty') THEN 'reopened' WHEN coalesce(t.n, 0) >= s.nq THEN 'graded' ELSE 'pending' END,
           s.state = 'auto', s.state IN ('reopened', 'reopened_empty', 'resubmitted'), s.custom_due, s.submitted_at, coalesce(t.total, 0), s.total,
           CASE WHEN s.state IN ('graded', 'partial', 'reopened', 'resubmitted') THEN 3 ELSE 1 END,
           coalesce(s.submitted_at, s.graded_at), CASE WHEN s.state IN ('pending', 'auto') THEN coalesce(s.submitted_at, s.graded_at) ELSE s.graded_at END
      FROM b_subs s LEFT JOIN t ON t.submission_id = s.id
     ORDER BY s.sn`,
    [FEEDBACK],
  );
  await step(
    'submission answers',
    `
    INSERT INTO submission_answers (id, submission_id, question_id, answer, selected_option_ids, file_id, file_name)
    SELECT ${orderedId('s.sn * 32 + q.j')}, s.id, q.id, va.answer, va.sel,
           CASE WHEN q.t = 4 AND va.v = 2 THEN $1::uuid END, CASE WHEN q.t = 4 AND va.v = 2 THEN 'my-answer.pdf' END
      FROM b_subs s JOIN b_questions q ON q.item_n = s.item_n
      JOIN b_variants va ON va.question_id = q.id AND va.v = ${variantOf('s', 'q')}
     WHERE s.state IN ${ANSWERED}
     ORDER BY s.sn, q.j`,
    [fileId],
  );
  await step(
    'grade history (the first attempt of resubmitted work)',
    `
    INSERT INTO grade_history (submission_id, question_id, score, is_auto_graded, feedback, graded_by, graded_at, replaced_at)
    SELECT s.id, q.id, CASE WHEN q.t = 4 THEN 1 ELSE 0 END, q.t <> 4, CASE WHEN q.t = 4 THEN 'Please redo this part.' ELSE '' END,
           CASE WHEN q.t = 4 THEN s.teacher END, s.submitted_at - interval '3 days', s.submitted_at
      FROM b_subs s JOIN b_questions q ON q.item_n = s.item_n WHERE s.state = 'resubmitted'`,
  );
  // drafts of open items by students who have not submitted: the first half of the questions answered right
  await step(
    'drafts',
    `
    WITH d AS (
      SELECT i.n, jsonb_agg(jsonb_build_object('questionId', q.id, 'answer', va.answer, 'selectedOptionIds', to_jsonb(va.sel::text[])) ORDER BY q.j) AS answers
        FROM b_items i JOIN b_questions q ON q.item_n = i.n AND q.j <= (i.nq + 1) / 2
        JOIN b_variants va ON va.question_id = q.id AND va.v = 0
       WHERE i.open AND i.due > now() AND i.role IN ('regular', 'grading')
       GROUP BY i.n
    )
    INSERT INTO submission_drafts (assessment_id, student_id, answers, saved_at)
    SELECT i.id, s.id, d.answers, now() - make_interval(mins => 5 + (i.n + s.si) % 600)
      FROM d JOIN b_items i ON i.n = d.n
      JOIN b_students s ON s.class_id = i.class_id AND s.academic_year_id = i.academic_year_id AND (i.scope = 'whole_class' OR s.si % 3 = 0)
     WHERE CASE WHEN i.role = 'grading' THEN NOT s.is_demo AND (s.si + 3) % 10 = 8
                ELSE (i.n * 7 + s.si * 13) % 100 BETWEEN 45 AND 54 END`,
  );
  const t = Date.now();
  for (const build of rebuild) await build();
  if (o.verbose) console.log(`  indexes of the answer and grade tables rebuilt in ${Date.now() - t} ms`);
}

/**
 * Drops the indexes of `table` (constraints included) except those named in `keep` and those a foreign key
 * relies on; returns the function that builds them again, each exactly as it was (pg_get_indexdef,
 * pg_get_constraintdef). Building an index once over millions of rows costs a fraction of maintaining it row by
 * row. Inside the generator's transaction: a failure rolls the drop back too.
 */
export async function dropIndexes(client, table, keep = []) {
  const { rows } = await client.query(
    `
    SELECT i.indexrelid::regclass::text AS index, pg_get_indexdef(i.indexrelid) AS indexdef, c.conname, pg_get_constraintdef(c.oid) AS condef
      FROM pg_index i
      LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u', 'x')
     WHERE i.indrelid = $1::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)`,
    [table],
  );
  const dropped = rows.filter((r) => !keep.includes(r.conname ?? r.index));
  for (const r of dropped) await client.query(r.conname ? `ALTER TABLE ${table} DROP CONSTRAINT "${r.conname}"` : `DROP INDEX ${r.index}`);
  return async () => {
    for (const r of dropped) await client.query(r.conname ? `ALTER TABLE ${table} ADD CONSTRAINT "${r.conname}" ${r.condef}` : r.indexdef);
  };
}

/**
 * Every foreign key of the database, checked with one anti-join each (generate.mjs can skip the triggers that
 * would check them row by row). Throws on the first violation.
 */
export async function checkIntegrity(client) {
  const { rows: fks } = await client.query(`
    SELECT c.conname, c.conrelid::regclass::text AS tbl, c.confrelid::regclass::text AS ref,
           ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS cols,
           ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS refcols
      FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace
     WHERE c.contype = 'f' AND ns.nspname = 'public'`);
  for (const fk of fks) {
    const notNull = fk.cols.map((c) => `t."${c}" IS NOT NULL`).join(' AND ');
    const match = fk.cols.map((c, i) => `r."${fk.refcols[i]}" = t."${c}"`).join(' AND ');
    const {
      rows: [{ n }],
    } = await client.query(
      `SELECT count(*)::int AS n FROM ${fk.tbl} t WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk.ref} r WHERE ${match})`,
    );
    if (n) throw new Error(`foreign key ${fk.conname} of ${fk.tbl}: ${n} rows reference no row of ${fk.ref}`);
  }
  return fks.length;
}
