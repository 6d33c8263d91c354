// Floors of the assessment scenarios (issue 15): for each, ONE hand-written SQL statement that checks the
// session ($1 = sha256 hex of the bearer token), decides what the viewer may read (the same rules as
// server/src/policies, written for the roles the scenarios use) and builds the exact JSON document the app
// answers, so src/floor/server.mjs only passes it on. src/run.mjs compares each floor's answer with the app's
// before measuring. `params(query)` maps the request's query string (the GraphQL variables) to $2...
//
// Dates print as JavaScript's toISOString() does (milliseconds, Z); names sort as ICU does ("und-x-icu"),
// like the server's localeCompare.

/** JavaScript's Math.round of a percentage (halves up; PostgreSQL's round(float8) rounds halves to even). */
import { GQL_ENUM } from './enums.mjs';
import { LIST_MAX } from '../operations.mjs';

const PERCENT = (total, max) => `CASE WHEN ${max} > 0 THEN floor(${total}::float8 / ${max} * 100 + 0.5)::int ELSE 0 END`;

const ISO = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The session of the bearer token: the viewer's id and active role (no row: 401). */
const VIEWER = `v AS (SELECT s.user_id AS id, s.active_role AS role FROM sessions s WHERE s.token_hash = $1 AND s.expires_at > now())`;

/**
 * The courses the viewer reads ('course.read'): a student's class and year, a teacher's own, every course for
 * SuperAdmin and Admin. Lists start from them, so each reads its items through assessments_course_idx.
 */
const VIEWER_COURSES = `vc AS (
  SELECT c.id FROM v JOIN users u ON u.id = v.id JOIN courses c ON c.class_id = u.class_id AND c.academic_year_id = u.academic_year_id
   WHERE v.role = 'Student'
  UNION ALL
  SELECT ct.course_id FROM v JOIN course_teachers ct ON ct.teacher_id = v.id WHERE v.role = 'Teacher'
  UNION ALL
  SELECT c.id FROM v CROSS JOIN courses c WHERE v.role IN ('SuperAdmin', 'Admin'))`;

/** 'assessment.read' on alias a (course c), for viewer v. */
const READABLE = `(v.role IN ('SuperAdmin', 'Admin')
  OR (v.role = 'Teacher' AND EXISTS (SELECT 1 FROM course_teachers ct WHERE ct.course_id = a.course_id AND ct.teacher_id = v.id))
  OR (v.role = 'Student'
      AND EXISTS (SELECT 1 FROM users ux WHERE ux.id = v.id AND ux.class_id = c.class_id AND ux.academic_year_id = c.academic_year_id)
      AND a.is_visible AND (a.module_id IS NULL OR EXISTS (SELECT 1 FROM course_modules mv WHERE mv.id = a.module_id AND mv.is_visible))
      AND (a.scope = 'whole_class' OR EXISTS (SELECT 1 FROM assessment_targets t WHERE t.assessment_id = a.id AND t.student_id = v.id))))`;

const KINDS = { assignments: 'ASSIGNMENT', quizzes: 'QUIZ', exams: 'EXAM' };

// ---------------------------------------------------------------- review lists (reviewItems)

const REVIEW_SQL = `WITH ${VIEWER}, ${VIEWER_COURSES},
items AS (
  SELECT a.id, a.kind, a.title, a.description, a.due_date, a.position, a.created_at,
         coalesce(nullif(trim(y.year), ''), 'Unknown Year') AS year_label,
         coalesce(nullif(trim(cl.name), ''), 'Unknown Class') AS class_name,
         coalesce(nullif(trim(sj.name), ''), 'Unknown Subject') AS subject_name,
         coalesce(n.total, 0) AS total, coalesce(n.graded, 0) AS graded,
         row_number() OVER (ORDER BY y.year COLLATE "und-x-icu" DESC, cl.name COLLATE "und-x-icu", sj.name COLLATE "und-x-icu",
                                     a.due_date DESC, a.position, a.created_at DESC, a.id) AS rn
    FROM v JOIN vc ON v.role IN ('SuperAdmin', 'Admin', 'Teacher') JOIN assessments a ON a.course_id = vc.id AND a.kind = $2
    JOIN courses c ON c.id = a.course_id
    JOIN subjects sj ON sj.id = c.subject_id JOIN classes cl ON cl.id = c.class_id JOIN academic_years y ON y.id = c.academic_year_id
    LEFT JOIN LATERAL (SELECT count(*)::int AS total, count(*) FILTER (WHERE s.status = 'graded')::int AS graded
                         FROM submissions s WHERE s.assessment_id = a.id) n ON true
)
SELECT CASE WHEN v.role IN ('SuperAdmin', 'Admin', 'Teacher') THEN json_build_object('data', json_build_object('reviewItems', json_build_object('nodes', coalesce((
  SELECT json_agg(json_build_object(
           'assessment', json_build_object('id', i.id, 'kind', i.kind, 'title', i.title, 'description', i.description, 'dueDate', ${ISO('i.due_date')}),
           'yearLabel', i.year_label, 'className', i.class_name, 'subjectName', i.subject_name,
           'submissionCount', i.total, 'gradedCount', i.graded, 'pendingCount', i.total - i.graded,
           'badge', b.badge,
           'badgeLabel', CASE b.badge WHEN 'NONE' THEN CASE WHEN i.kind = 'QUIZ' THEN 'No Quiz Submissions' ELSE 'No Submissions' END
                                      WHEN 'ALL_GRADED' THEN 'All Graded' WHEN 'PARTIALLY_GRADED' THEN 'Partially Graded' ELSE 'Needs Grading' END)
         ORDER BY i.rn)
    FROM items i
    CROSS JOIN LATERAL (SELECT CASE WHEN i.total = 0 THEN 'NONE' WHEN i.graded >= i.total THEN 'ALL_GRADED'
                                    WHEN i.graded > 0 THEN 'PARTIALLY_GRADED' ELSE 'NEEDS_GRADING' END AS badge) b
   WHERE i.rn <= ${LIST_MAX}), '[]'::json)))) END AS body
  FROM v`;

// ---------------------------------------------------------------- My Assignments / Quizzes / Exams (myAssessments + me)

/** The student standing of server/src/modules/submissions/status.ts (late joiners' open work included), on alias a and the viewer's submission s. */
const STANDING = `
    CROSS JOIN LATERAL (SELECT s.id IS NOT NULL AND (s.allowed_after_due OR s.status = 'reopened') AS stored_reopened,
                               s.id IS NOT NULL AND s.joined_late AND NOT s.allowed_after_due AND s.status = 'reopened' AS late_open) r0
    CROSS JOIN LATERAL (SELECT r0.stored_reopened AND NOT r0.late_open AS reopened) r1
    CROSS JOIN LATERAL (SELECT r1.reopened AND s.status <> 'graded' AS reopened_pending,
                               CASE WHEN r0.stored_reopened AND s.custom_due_date IS NOT NULL THEN s.custom_due_date ELSE a.due_date END AS due,
                               CASE WHEN s.id IS NULL THEN now() <= a.due_date WHEN NOT r0.stored_reopened THEN false
                                    ELSE s.custom_due_date IS NULL OR now() <= s.custom_due_date END AS can_submit) r2
    CROSS JOIN LATERAL (SELECT CASE WHEN s.id IS NULL OR r0.late_open THEN CASE WHEN now() > r2.due THEN 'Overdue' ELSE 'Pending' END
                                    WHEN r2.reopened_pending THEN 'Reopened' WHEN s.is_auto_submitted THEN 'AutoSubmitted'
                                    WHEN s.status = 'graded' THEN 'Completed' ELSE 'Submitted' END AS status) r3
    CROSS JOIN LATERAL (SELECT r3.status AS course_status,
                               s.id IS NULL OR r0.late_open OR (r1.reopened AND (r2.reopened_pending OR (s.custom_due_date IS NOT NULL AND now() <= s.custom_due_date))) AS to_submit) r4`;

const LABEL = (col) =>
  `CASE ${col} WHEN 'AutoSubmitted' THEN 'Auto-submitted (Overdue)' WHEN 'Reopened' THEN 'Reopened (Pending)' ELSE ${col} END`;
const COURSE_LABEL = (col) =>
  `CASE ${col} WHEN 'AutoSubmitted' THEN 'Auto-submitted (Overdue)' WHEN 'Completed' THEN 'Graded' WHEN 'Reopened' THEN 'Reopened (Pending)' ELSE ${col} END`;

const MY_STATUS_JSON = `json_build_object(
      'status', ${GQL_ENUM('r3.status')}, 'label', ${LABEL('r3.status')}, 'courseLabel', ${COURSE_LABEL('r4.course_status')},
      'opensOn', CASE WHEN r4.to_submit THEN 'SUBMIT' ELSE 'VIEW' END, 'courseOpensOn', CASE WHEN s.id IS NOT NULL AND NOT r0.late_open THEN 'VIEW' ELSE 'SUBMIT' END,
      'dueDate', ${ISO('r2.due')}, 'originalDueDate', ${ISO('a.due_date')},
      'isExtended', r1.reopened AND s.custom_due_date IS NOT NULL, 'isReopened', r1.reopened,
      'isOverdue', NOT r2.can_submit AND (s.id IS NULL OR r1.reopened OR r0.late_open) AND now() > r2.due, 'canSubmit', r2.can_submit,
      'submissionId', s.id,
      'score', CASE WHEN s.id IS NOT NULL AND s.status = 'graded' AND (a.result_visibility <> 'manual' OR a.results_released_at IS NOT NULL)
                    THEN json_build_object('totalScore', s.total_score::float8, 'maxScore', s.max_score,
                                           'percentage', ${PERCENT('s.total_score', 's.max_score')},
                                           'isAutoSubmitted', s.is_auto_submitted) END)`;

const MY_ASSESSMENTS_SQL = `WITH ${VIEWER}, ${VIEWER_COURSES}
SELECT json_build_object('data', json_build_object(
  'myAssessments', json_build_object('nodes', coalesce((
    SELECT json_agg(x.item ORDER BY x.rn) FROM (SELECT row_number() OVER (ORDER BY a.position, a.created_at DESC, a.id) AS rn, json_build_object(
             'id', a.id, 'kind', a.kind, 'title', a.title, 'description', a.description, 'dueDate', ${ISO('a.due_date')}, 'totalPoints', a.total_points,
             'course', json_build_object('id', c.id, 'title', c.title, 'subject', json_build_object('id', sj.id, 'name', sj.name),
                                         'class', json_build_object('id', cl.id, 'name', cl.name),
                                         'academicYear', json_build_object('id', y.id, 'year', y.year, 'isActive', y.is_active)),
             'myStatus', ${MY_STATUS_JSON}) AS item
      FROM vc JOIN assessments a ON a.course_id = vc.id AND a.kind = $2
      JOIN courses c ON c.id = a.course_id
      JOIN subjects sj ON sj.id = c.subject_id JOIN classes cl ON cl.id = c.class_id JOIN academic_years y ON y.id = c.academic_year_id
      LEFT JOIN submissions s ON s.assessment_id = a.id AND s.student_id = v.id AND v.role = 'Student'
      ${STANDING}
     WHERE ${READABLE}) x WHERE x.rn <= ${LIST_MAX}), '[]'::json)),
  'me', (SELECT json_build_object('user', json_build_object('id', u.id, 'class', CASE WHEN u.class_id IS NULL THEN NULL ELSE json_build_object('id', u.class_id) END))
           FROM users u WHERE u.id = v.id))) AS body
  FROM v`;

/** The submission fields every viewer receives, on alias s. */
const SUBMISSION_HEAD = `json_build_object('id', s.id, 'assessmentId', s.assessment_id, 'status', ${GQL_ENUM('s.status')}, 'isAutoSubmitted', s.is_auto_submitted,
    'allowedAfterDue', s.allowed_after_due, 'customDueDate', ${ISO('s.custom_due_date')}, 'submittedAt', ${ISO('s.submitted_at')},`;

/** An answer's own fields (one per question q, answer sa, file f). */
const ANSWER_HEAD = `'questionId', q.id, 'answer', coalesce(sa.answer, ''),
               'selectedOptionIds', coalesce(sa.selected_option_ids::text[], '{}'),
               'selectedOptions', ARRAY(SELECT o.text FROM question_options o WHERE o.question_id = q.id AND o.id = ANY (sa.selected_option_ids) ORDER BY o.sort_order),
               'file', CASE WHEN sa.file_id IS NOT NULL THEN json_build_object('id', sa.file_id, 'name', coalesce(sa.file_name, 'submission_file'),
                                                                              'size', f.size::float8, 'mimeType', coalesce(f.mime, 'application/octet-stream')) END,`;

/** One row per question of submission s's item, with its answer, file and grade (an unanswered question has none). */
const ANSWER_ROWS = (extraJoin) => `
        FROM questions q
        LEFT JOIN submission_answers sa ON sa.submission_id = s.id AND sa.question_id = q.id
        LEFT JOIN files f ON f.id = sa.file_id
        LEFT JOIN grades g ON g.submission_id = s.id AND g.question_id = q.id
        ${extraJoin}
       WHERE q.assessment_id = s.assessment_id`;

// ---------------------------------------------------------------- the student view page (assessment + mySubmission)

/** What of the results the student sees (policies 'submission.seeResults', 'seeGrades', 'seeCorrect' for their own work). */
const SEEN = `
    CROSS JOIN LATERAL (SELECT s.id IS NOT NULL AND s.status = 'graded' AND (a.result_visibility <> 'manual' OR a.results_released_at IS NOT NULL) AS results) w1
    CROSS JOIN LATERAL (SELECT w1.results AND a.result_visibility <> 'scoreOnly' AS grades) w2
    CROSS JOIN LATERAL (SELECT w2.grades AND NOT s.is_auto_submitted AS correct) w3`;

const STUDENT_SUBMISSION = `${SUBMISSION_HEAD}
    'totalScore', CASE WHEN w1.results THEN s.total_score::float8 END, 'maxScore', s.max_score,
    'percentage', CASE WHEN w1.results THEN ${PERCENT('s.total_score', 's.max_score')} END,
    'resultsVisible', w1.results, 'gradesVisible', w2.grades, 'correctAnswersVisible', w3.correct,
    'answers', coalesce((
      SELECT json_agg(json_build_object(${ANSWER_HEAD}
               'grade', CASE WHEN g.id IS NOT NULL AND w2.grades THEN json_build_object('questionId', q.id, 'score', g.score::float8, 'maxScore', q.points,
                          'feedback', g.feedback, 'isAutoGraded', g.is_auto_graded,
                          'explanation', CASE WHEN w3.correct AND g.explanation IS NOT NULL THEN json_build_object('text', g.explanation->>'text') END) END,
               'correctOptionIds', CASE WHEN w3.correct AND q.type = 'MCQ'
                                        THEN ARRAY(SELECT o.id::text FROM question_options o WHERE o.question_id = q.id AND o.is_correct ORDER BY o.sort_order) END,
               'acceptedAnswers', CASE WHEN w3.correct AND q.type = 'ShortAnswer'
                                       THEN ARRAY(SELECT x.answer FROM accepted_answers x WHERE x.question_id = q.id ORDER BY x.sort_order) END)
             ORDER BY q.sort_order)
${ANSWER_ROWS('')}), '[]'::json))`;

const VIEW_PAGE_SQL = `WITH ${VIEWER}
SELECT json_build_object('data', json_build_object('assessment', json_build_object(
  'id', a.id, 'kind', a.kind, 'title', a.title, 'description', a.description, 'instructions', a.instructions, 'dueDate', ${ISO('a.due_date')},
  'totalPoints', a.total_points, 'resultVisibility', ${GQL_ENUM('a.result_visibility')},
  'questions', coalesce((SELECT json_agg(json_build_object('id', q.id, 'type', ${GQL_ENUM('q.type')}, 'questionText', q.question_text, 'points', q.points, 'order', q.sort_order,
                                   'options', coalesce((SELECT json_agg(json_build_object('id', o.id, 'text', o.text) ORDER BY o.sort_order)
                                                          FROM question_options o WHERE o.question_id = q.id), '[]'::json)) ORDER BY q.sort_order)
                           FROM questions q WHERE q.assessment_id = a.id), '[]'::json),
  'myStatus', CASE WHEN v.role = 'Student' THEN ${MY_STATUS_JSON} END,
  'mySubmission', CASE WHEN s.id IS NOT NULL THEN ${STUDENT_SUBMISSION} END))) AS body
  FROM v JOIN assessments a ON a.id = $2::uuid JOIN courses c ON c.id = a.course_id
  LEFT JOIN submissions s ON s.assessment_id = a.id AND s.student_id = v.id AND v.role = 'Student'
  ${STANDING}
  ${SEEN}
 WHERE ${READABLE}`;

// ---------------------------------------------------------------- grading dashboard (gradingDashboard)

/** A question with its key, as the course's teachers receive it. */
const QUESTION_WITH_KEY = `json_build_object('id', q.id, 'type', ${GQL_ENUM('q.type')}, 'questionText', q.question_text, 'points', q.points, 'order', q.sort_order,
    'options', coalesce((SELECT json_agg(json_build_object('id', o.id, 'text', o.text, 'isCorrect', o.is_correct) ORDER BY o.sort_order)
                           FROM question_options o WHERE o.question_id = q.id), '[]'::json),
    'acceptedAnswers', coalesce((SELECT json_agg(json_build_object('answer', x.answer, 'weight', x.weight) ORDER BY x.sort_order)
                                   FROM accepted_answers x WHERE x.question_id = q.id), '[]'::json),
    'partialMarking', json_build_object('enabled', q.partial_marking, 'penaltyPerWrong', q.penalty_per_wrong))`;

/** A submission as the course's teachers receive it (every answer, one per question, with its grade), on alias s with student columns. */
const TEACHER_SUBMISSION = `${SUBMISSION_HEAD}
    'totalScore', s.total_score::float8, 'maxScore', s.max_score, 'percentage', ${PERCENT('s.total_score', 's.max_score')},
    'version', s.version, 'updatedAt', ${ISO('s.updated_at')},
    'student', json_build_object('id', s.student_id, 'firstName', s.first_name, 'lastName', s.last_name, 'email', s.email),
    'answers', coalesce((
      SELECT json_agg(json_build_object(${ANSWER_HEAD}
               'grade', CASE WHEN g.id IS NOT NULL THEN json_build_object('questionId', q.id, 'score', g.score::float8, 'maxScore', q.points,
                          'feedback', g.feedback, 'isAutoGraded', g.is_auto_graded, 'autoScore', g.auto_score::float8,
                          'gradedByName', gu.first_name || ' ' || gu.last_name, 'version', g.version) END)
             ORDER BY q.sort_order)
${ANSWER_ROWS('LEFT JOIN users gu ON gu.id = g.graded_by')}), '[]'::json))`;

const GRADING_DASHBOARD_SQL = `WITH ${VIEWER},
a AS (
  SELECT a.*, now() > a.due_date AS past FROM v JOIN assessments a ON a.id = $2::uuid
   WHERE v.role IN ('SuperAdmin', 'Admin')
      OR (v.role = 'Teacher' AND EXISTS (SELECT 1 FROM course_teachers ct WHERE ct.course_id = a.course_id AND ct.teacher_id = v.id))),
roster AS (
  SELECT u.id, u.first_name, u.last_name, u.email FROM a JOIN courses c ON c.id = a.course_id
    JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id AND u.role = 'Student' WHERE a.scope = 'whole_class'
  UNION ALL
  SELECT u.id, u.first_name, u.last_name, u.email FROM a JOIN assessment_targets t ON t.assessment_id = a.id JOIN users u ON u.id = t.student_id
   WHERE a.scope = 'individual_students'),
rows AS (
  SELECT s.*, u.first_name, u.last_name, u.email FROM a JOIN submissions s ON s.assessment_id = a.id JOIN users u ON u.id = s.student_id),
subs AS (SELECT s.*, ${TEACHER_SUBMISSION} AS doc FROM rows s),
missing AS (SELECT r.* FROM roster r WHERE NOT EXISTS (SELECT 1 FROM subs s WHERE s.student_id = r.id))
SELECT json_build_object('data', json_build_object('gradingDashboard', json_build_object(
  'assessment', json_build_object('id', a.id, 'kind', a.kind, 'title', a.title, 'dueDate', ${ISO('a.due_date')}, 'totalPoints', a.total_points,
      'course', (SELECT json_build_object('id', c.id, 'title', c.title) FROM courses c WHERE c.id = a.course_id),
      'module', (SELECT json_build_object('id', m.id, 'title', m.title) FROM course_modules m WHERE m.id = a.module_id),
      'questions', coalesce((SELECT json_agg(${QUESTION_WITH_KEY} ORDER BY q.sort_order) FROM questions q WHERE q.assessment_id = a.id), '[]'::json)),
  'isPastDue', a.past,
  'totalStudents', (SELECT count(*) FROM roster) + (SELECT count(*) FROM subs s WHERE NOT EXISTS (SELECT 1 FROM roster r WHERE r.id = s.student_id)),
  'submittedCount', (SELECT count(*) FROM subs WHERE status <> 'reopened'),
  'notSubmittedCount', (SELECT count(*) FROM missing),
  'overdueCount', CASE WHEN a.past THEN (SELECT count(*) FROM missing) ELSE 0 END,
  'gradedCount', (SELECT count(*) FROM subs WHERE status = 'graded'),
  'reopenedCount', (SELECT count(*) FROM subs WHERE status = 'reopened'),
  'submitted', coalesce((SELECT json_agg(doc ORDER BY submitted_at DESC NULLS LAST, id) FROM subs WHERE status <> 'reopened'), '[]'::json),
  'overdue', CASE WHEN a.past THEN coalesce((
      SELECT json_agg(json_build_object('student', json_build_object('id', m.id, 'firstName', m.first_name, 'lastName', m.last_name, 'email', m.email),
                                        'dueDate', ${ISO('a.due_date')}) ORDER BY m.last_name, m.first_name, m.id)
        FROM missing m), '[]'::json) ELSE '[]'::json END,
  'reopened', coalesce((SELECT json_agg(doc ORDER BY submitted_at DESC NULLS LAST, id) FROM subs WHERE status = 'reopened'), '[]'::json),
  'cursor', translate(encode(convert_to(format('{"at":"%s"}', statement_timestamp()::text), 'UTF8'), 'base64'), E'+/=\\n', '-_')))) AS body
  FROM a`;

// ---------------------------------------------------------------- quiz submit (POST /quiz-submit, the REST submit's body)

/**
 * One statement, so one transaction: the due rule and 'assessment.read' as conditions, the automatic grades
 * (server/src/modules/assessments/auto-grade.ts: MCQ all or nothing, or partial with a penalty; ShortAnswer the
 * best accepted answer's weight), the submission with its totals, one answer per question, one grade per
 * automatic question, the draft removed. A second submit of the same pair inserts nothing (ON CONFLICT) and
 * answers NULL, as the app refuses it.
 */
const NORMALIZED = (col) => `lower(regexp_replace(regexp_replace(normalize(${col}, NFC), '^\\s+|\\s+$', '', 'g'), '\\s+', ' ', 'g'))`;
const PLURAL = (n, what) => `format('%s ${what}%s', ${n}, CASE WHEN ${n} = 1 THEN '' ELSE 's' END)`;

const QUIZ_SUBMIT_SQL = `WITH ${VIEWER},
item AS (
  SELECT a.id, a.total_points, v.id AS student_id FROM v JOIN assessments a ON a.id = $2::uuid AND a.kind = 'QUIZ'
    JOIN courses c ON c.id = a.course_id
   WHERE v.role = 'Student' AND now() <= a.due_date AND ${READABLE}),
given AS (
  SELECT (x->>'questionId')::uuid AS question_id, btrim(coalesce(x->>'answer', '')) AS answer,
         coalesce(x->'selectedOptionIds', x->'selectedOptions', '[]'::jsonb) AS sel
    FROM jsonb_array_elements($3::jsonb) x),
qs AS (
  SELECT q.id, q.type, q.points, q.partial_marking, q.penalty_per_wrong, coalesce(g.answer, '') AS answer,
         coalesce((SELECT array_agg(o.id ORDER BY o.sort_order) FROM question_options o
                    WHERE o.question_id = q.id AND (g.sel ? o.id::text OR g.sel ? o.text)), '{}'::uuid[]) AS selected
    FROM item JOIN questions q ON q.assessment_id = item.id LEFT JOIN given g ON g.question_id = q.id),
mcq AS (
  SELECT qs.id,
         ARRAY(SELECT o.id::text FROM question_options o WHERE o.question_id = qs.id AND o.is_correct AND o.id = ANY (qs.selected) ORDER BY o.sort_order) AS right_ids,
         ARRAY(SELECT o.id::text FROM question_options o WHERE o.question_id = qs.id AND NOT o.is_correct AND o.id = ANY (qs.selected) ORDER BY o.sort_order) AS wrong_ids,
         ARRAY(SELECT o.id::text FROM question_options o WHERE o.question_id = qs.id AND o.is_correct AND NOT o.id = ANY (qs.selected) ORDER BY o.sort_order) AS missed_ids,
         (SELECT count(*) FROM question_options o WHERE o.question_id = qs.id AND o.is_correct) AS correct
    FROM qs WHERE qs.type = 'MCQ'),
short AS (
  SELECT qs.id, ${NORMALIZED('qs.answer')} <> '' AS given, best.answer AS matched, best.weight
    FROM qs LEFT JOIN LATERAL (
      SELECT aa.answer, aa.weight FROM accepted_answers aa
       WHERE aa.question_id = qs.id AND ${NORMALIZED('qs.answer')} <> '' AND ${NORMALIZED('aa.answer')} = ${NORMALIZED('qs.answer')}
       ORDER BY aa.weight DESC, aa.sort_order LIMIT 1) best ON true
   WHERE qs.type = 'ShortAnswer'),
scored AS (
  SELECT qs.*,
    CASE WHEN qs.type = 'LongAnswer' THEN NULL
         WHEN qs.type = 'ShortAnswer' THEN round(qs.points::numeric * coalesce(sh.weight, 0) / 100, 2)
         WHEN NOT qs.partial_marking THEN CASE WHEN cardinality(m.right_ids) = m.correct AND cardinality(m.wrong_ids) = 0 AND m.correct > 0 THEN qs.points ELSE 0 END
         WHEN m.correct = 0 THEN 0
         ELSE round(least(qs.points, greatest(0, qs.points::numeric * cardinality(m.right_ids) / m.correct
                                                 - qs.points::numeric * qs.penalty_per_wrong * cardinality(m.wrong_ids) / 100)), 2) END AS score,
    CASE WHEN qs.type = 'MCQ' THEN jsonb_build_object('rightOptionIds', m.right_ids, 'wrongOptionIds', m.wrong_ids, 'missedOptionIds', m.missed_ids,
           'matchedAnswer', NULL, 'matchedWeight', NULL,
           'text', CASE WHEN cardinality(qs.selected) = 0 THEN 'No option selected.'
                        ELSE ${PLURAL('cardinality(m.right_ids)', 'correct option')} || ' selected, ' || ${PLURAL('cardinality(m.wrong_ids)', 'wrong option')} || ' selected, '
                             || ${PLURAL('cardinality(m.missed_ids)', 'correct option')} || ' missed'
                             || CASE WHEN qs.partial_marking THEN format(' (partial marking, %s%% off per wrong option).', qs.penalty_per_wrong) ELSE ' (all or nothing).' END END)
         WHEN qs.type = 'ShortAnswer' THEN jsonb_build_object('rightOptionIds', '[]'::jsonb, 'wrongOptionIds', '[]'::jsonb, 'missedOptionIds', '[]'::jsonb,
           'matchedAnswer', sh.matched, 'matchedWeight', sh.weight,
           'text', CASE WHEN NOT sh.given THEN 'No answer given.' WHEN sh.matched IS NOT NULL THEN format('Matched the accepted answer "%s" at %s%%.', sh.matched, sh.weight)
                        ELSE 'No accepted answer matched.' END) END AS explanation
    FROM qs LEFT JOIN mcq m ON m.id = qs.id LEFT JOIN short sh ON sh.id = qs.id),
sub AS (
  INSERT INTO submissions (assessment_id, student_id, status, submitted_at, total_score, max_score, version, updated_at)
  SELECT item.id, item.student_id, CASE WHEN bool_and(scored.score IS NOT NULL) THEN 'graded' ELSE 'pending' END, now(),
         coalesce(sum(scored.score), 0), item.total_points, 2, clock_timestamp()
    FROM item LEFT JOIN scored ON true GROUP BY item.id, item.student_id, item.total_points
  ON CONFLICT (assessment_id, student_id) DO NOTHING
  RETURNING id, assessment_id, student_id, status, total_score, max_score),
answers AS (
  INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids)
  SELECT sub.id, scored.id, scored.answer, scored.selected FROM sub, scored RETURNING 1),
grades AS (
  INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation, version, updated_at)
  SELECT sub.id, scored.id, scored.score, scored.score, true, scored.explanation, 1, clock_timestamp() FROM sub, scored WHERE scored.score IS NOT NULL
  RETURNING 1),
drafts AS (DELETE FROM submission_drafts d USING sub WHERE d.assessment_id = sub.assessment_id AND d.student_id = sub.student_id RETURNING 1)
SELECT json_build_object('success', true, 'data', json_build_object('_id', sub.id, 'status', sub.status, 'totalScore', sub.total_score,
         'maxScore', sub.max_score, 'answers', (SELECT count(*) FROM answers), 'grades', (SELECT count(*) FROM grades))) AS body
  FROM sub`;

const kindParam = (kind) => () => [kind];

export const floors = {
  ...Object.fromEntries(
    Object.entries(KINDS).map(([plural, kind]) => [`gql-review-${plural}-teacher`, { sql: REVIEW_SQL, params: kindParam(kind) }]),
  ),
  ...Object.fromEntries(
    Object.entries(KINDS).map(([plural, kind]) => [`gql-my-${plural}-student`, { sql: MY_ASSESSMENTS_SQL, params: kindParam(kind) }]),
  ),
  ...Object.fromEntries(
    Object.entries(KINDS).map(([plural]) => [
      `gql-grading-dashboard-${plural}`,
      { sql: GRADING_DASHBOARD_SQL, params: (q) => [q.get('assessmentId')] },
    ]),
  ),
  'gql-view-page-student': { sql: VIEW_PAGE_SQL, params: (q) => [q.get('id')] },
  'quiz-submit': { sql: QUIZ_SUBMIT_SQL, params: (body) => [body.quizId, JSON.stringify(body.answers ?? [])] },
};
