// Floors of today's platform scenarios (issue 15): for each, ONE hand-written SQL statement that checks the
// session ($1 = sha256 hex of the bearer token), decides what the viewer may read exactly as the app does
// (server/src/policies: rules.ts and their SQL twins in sql.ts, field rules, services) and builds the JSON
// document the app answers, so src/floor/server.mjs only passes it on. src/run.mjs compares each floor's
// answer with the app's before measuring. `params(query)` maps the request's query string (the GraphQL
// variables) to $2...; a value the app would refuse (not an id, not a date) becomes NULL, and the statement
// answers NULL for it, as for an invalid session or a viewer who may not read the page.
//
// Every statement answers exactly one row (`SELECT (...) AS body`). Dates print as JavaScript's toISOString()
// does (milliseconds truncated, Z). Lists sort as the app sorts them: in SQL with the database's collation,
// or, where the server sorts in JavaScript with localeCompare(..., { numeric: true }) (My Courses), by ICU
// ("und-x-icu") on the text with its digit runs padded to ten digits.

import { GQL_ENUM, enumValueName, specWord } from './enums.mjs';

const ISO = (col) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** localeCompare(..., { numeric: true }) as an ORDER BY key: digit runs compare by value, the rest as ICU does. */
const NUMERIC = (col) =>
  `regexp_replace(regexp_replace(${col}, '(\\d+)', '0000000000\\1', 'g'), '0*(\\d{10})', '\\1', 'g') COLLATE "und-x-icu"`;

/** The session of the bearer token: the viewer's id, active role and impersonation flag (no row: NULL body). */
const VIEWER = `v AS (SELECT s.user_id AS id, s.active_role AS role, s.impersonating FROM sessions s WHERE s.token_hash = $1 AND s.expires_at > now())`;

const MANAGER = `v.role IN ('SuperAdmin', 'Admin')`; // ACADEMIC_MANAGERS
const USER_MANAGER = `v.role IN ('SuperAdmin', 'Admin', 'Teacher')`; // USER_MANAGERS, also 'attendance.staff'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id the app would accept (core/ids.ts), else null (the app answers NOT_FOUND). */
const id = (value) => (typeof value === 'string' && UUID.test(value) ? value : null);
const optionalId = (value) => (value ? id(value) : null);
/** A GraphQL Int variable with its default. */
const int = (value, fallback) => (value === null || value === undefined || value === '' ? fallback : Number.parseInt(value, 10));
/** A connection's first/after as offset and limit (the server's cursors are positions: server/src/core/paging.ts). */
function cursorPage(q) {
  const after = q.get('after');
  const position = after ? Number(Buffer.from(after, 'base64url').toString().slice(2)) : -1;
  return [position + 1, Math.min(200, Math.max(1, int(q.get('first'), 50)))];
}

/** A real calendar date written YYYY-MM-DD (attendance.validation.ts parseDate), else null. */
function date(value) {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d ? text : null;
}

const roleList = (roles) => `'${JSON.stringify(roles.map(enumValueName))}'::json`;
/** ASSIGNABLE_ROLES and SWITCHABLE_ROLES of server/src/policies/roles.ts. */
const ASSIGNABLE = `CASE v.role WHEN 'SuperAdmin' THEN ${roleList(['SuperAdmin', 'Admin', 'Teacher', 'Student', 'Parent'])}
  WHEN 'Admin' THEN ${roleList(['Admin', 'Teacher', 'Student', 'Parent'])} WHEN 'Teacher' THEN ${roleList(['Teacher', 'Student', 'Parent'])}
  ELSE '[]'::json END`;
const SWITCHABLE = `CASE u.role WHEN 'SuperAdmin' THEN ${roleList(['Admin', 'Teacher', 'Student', 'Parent'])}
  WHEN 'Admin' THEN ${roleList(['Teacher', 'Student', 'Parent'])} WHEN 'Teacher' THEN ${roleList(['Student', 'Parent'])}
  ELSE '[]'::json END`;

const ME_SQL = `WITH ${VIEWER}
SELECT (SELECT json_build_object('data', json_build_object('me', json_build_object(
  'user', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'role', ${GQL_ENUM('u.role')}, 'activated', u.activated),
  'activeRole', ${GQL_ENUM('v.role')}, 'isImpersonating', v.impersonating,
  'abilities', json_build_object('manageUsers', ${USER_MANAGER}, 'assignableRoles', ${ASSIGNABLE}, 'switchableRoles', ${SWITCHABLE},
    'manageAcademicStructure', ${MANAGER}, 'markAttendance', ${USER_MANAGER}, 'viewOwnAttendance', v.role = 'Student'))))
  FROM v JOIN users u ON u.id = v.id) AS body`;

// ---------------------------------------------------------------- users (user management), 'user.list'

/** $4 role (null: any), $5 an ILIKE pattern (null: no search); the viewer manages users, so email and activated show. */
const USERS_FILTER = `($4::text IS NULL OR u.role = $4) AND ($5::text IS NULL OR u.first_name ILIKE $5 OR u.last_name ILIKE $5 OR u.email ILIKE $5)`;
const USERS_SQL = `WITH ${VIEWER}
SELECT (SELECT json_build_object('data', json_build_object('users', json_build_object(
  'nodes', coalesce((SELECT json_agg(json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'email', p.email,
                                                        'role', ${GQL_ENUM('p.role')}, 'activated', p.activated, 'createdAt', ${ISO('p.created_at')})
                                     ORDER BY p.last_name, p.first_name, p.id)
                       FROM (SELECT u.* FROM users u WHERE ${USERS_FILTER} ORDER BY u.last_name, u.first_name, u.id OFFSET $2 LIMIT $3) p), '[]'::json),
  'totalCount', (SELECT count(*)::int FROM users u WHERE ${USERS_FILTER}))))
  FROM v WHERE ${USER_MANAGER}) AS body`;

function usersParams(q) {
  const search = (q.get('search') ?? '').trim();
  return [
    ...cursorPage(q),
    specWord(q.get('role'), ['SuperAdmin', 'Admin', 'Teacher', 'Student', 'Parent']),
    search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  ];
}

// ---------------------------------------------------------------- the course-management tree of one year

/**
 * Years -> classes (by name) -> allocations (by subject name, 'allocation.read': all for academic managers, a
 * teacher's own, none for others) with subject and teachers (by last, first name). Built bottom-up, one
 * grouping per level over the year's rows.
 */
const TREE_SQL = `WITH ${VIEWER},
y AS (SELECT y.id FROM academic_years y WHERE y.id = $2),
al AS (
  SELECT a.id, a.class_id, s.id AS s_id, s.name AS s_name FROM v CROSS JOIN y
    JOIN allocations a ON a.academic_year_id = y.id JOIN subjects s ON s.id = a.subject_id
   WHERE ${MANAGER} OR (v.role = 'Teacher' AND EXISTS (SELECT 1 FROM allocation_teachers axt WHERE axt.allocation_id = a.id AND axt.teacher_id = v.id))),
tt AS (
  SELECT x.allocation_id, json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
                                   ORDER BY u.last_name, u.first_name, u.id) AS teachers
    FROM al JOIN allocation_teachers x ON x.allocation_id = al.id JOIN users u ON u.id = x.teacher_id GROUP BY x.allocation_id),
ac AS (
  SELECT al.class_id, json_agg(json_build_object('id', al.id, 'subject', json_build_object('id', al.s_id, 'name', al.s_name),
                                                 'teachers', coalesce(tt.teachers, '[]'::json)) ORDER BY al.s_name, al.id) AS allocations
    FROM al LEFT JOIN tt ON tt.allocation_id = al.id GROUP BY al.class_id)
SELECT (SELECT json_build_object('data', json_build_object('academicTree', json_build_array(json_build_object('id', y.id,
  'classes', coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'grade', c.grade, 'description', c.description,
                                                         'isActive', c.is_active, 'allocations', coalesce(ac.allocations, '[]'::json))
                                       ORDER BY c.name, c.id)
                         FROM classes c LEFT JOIN ac ON ac.class_id = c.id WHERE c.academic_year_id = y.id), '[]'::json)))))
  FROM v CROSS JOIN y) AS body`;

// ---------------------------------------------------------------- My Courses (a teacher's years -> classes -> subjects -> courses)

/**
 * courses.service.ts myCourses: the teacher's allocations and the courses they teach, grouped by year, class
 * and subject (a subject row without allocation has allocationId null); every level sorted by name with
 * localeCompare(numeric), years newest first. Any other role: an empty list.
 */
const MY_COURSES_SQL = `WITH ${VIEWER},
mine AS (
  SELECT a.academic_year_id AS y_id, a.class_id AS c_id, a.subject_id AS s_id, a.id AS allocation_id, NULL::uuid AS course_id
    FROM v JOIN allocation_teachers x ON x.teacher_id = v.id JOIN allocations a ON a.id = x.allocation_id WHERE v.role = 'Teacher'
  UNION ALL
  SELECT c.academic_year_id, c.class_id, c.subject_id, NULL, c.id
    FROM v JOIN allocation_teachers x ON x.teacher_id = v.id JOIN allocations a ON a.id = x.allocation_id
    JOIN courses c ON c.class_id = a.class_id AND c.subject_id = a.subject_id AND c.academic_year_id = a.academic_year_id
   WHERE v.role = 'Teacher'),
subj AS (
  SELECT m.y_id, m.c_id, s.name AS s_name,
         json_build_object('allocationId', max(m.allocation_id::text), 'subject', json_build_object('id', s.id, 'name', s.name),
           'courses', coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'description', c.description)
                                        ORDER BY ${NUMERIC('c.title')}) FILTER (WHERE c.id IS NOT NULL), '[]'::json)) AS node
    FROM mine m JOIN subjects s ON s.id = m.s_id LEFT JOIN courses c ON c.id = m.course_id
   GROUP BY m.y_id, m.c_id, s.id, s.name),
cls AS (
  SELECT sj.y_id, cl.name AS c_name,
         json_build_object('class', json_build_object('id', cl.id, 'name', cl.name),
                           'subjects', json_agg(sj.node ORDER BY ${NUMERIC('sj.s_name')})) AS node
    FROM subj sj JOIN classes cl ON cl.id = sj.c_id GROUP BY sj.y_id, cl.id, cl.name)
SELECT (SELECT json_build_object('data', json_build_object('myCourses', coalesce((
  SELECT json_agg(yr.node ORDER BY ${NUMERIC('yr.year')} DESC) FROM (
    SELECT y.year, json_build_object('academicYear', json_build_object('id', y.id, 'year', y.year, 'isActive', y.is_active),
                                     'classes', json_agg(cl.node ORDER BY ${NUMERIC('cl.c_name')})) AS node
      FROM cls cl JOIN academic_years y ON y.id = cl.y_id GROUP BY y.id, y.year, y.is_active) yr), '[]'::json)))
  FROM v) AS body`;

// ---------------------------------------------------------------- the course page

/** A Post (discussion d, author au; null once the account is gone) of the course page r; `more`: further fields. */
const POST = (
  d,
  au,
  more = '',
) => `json_build_object('id', ${d}.id, 'title', ${d}.title, 'content', ${d}.content, 'createdAt', ${ISO(`${d}.created_at`)},
  'version', ${d}.version, 'parentDiscussionId', ${d}.parent_id, 'viewerCanChange', r.teaches OR coalesce(${d}.author_id = r.viewer, false),
  'author', CASE WHEN ${au}.id IS NULL THEN NULL ELSE json_build_object('id', ${au}.id, 'firstName', ${au}.first_name, 'lastName', ${au}.last_name, 'role', ${GQL_ENUM(`${au}.role`)}) END
  ${more ? `, ${more}` : ''})`;

/**
 * course(id): 'course.read' (academic managers, its teachers, the students of its class and year); hidden
 * modules, content and announcements only for those who see hidden (academic managers and its teachers);
 * discussions newest first (by the millisecond, then id, as the server sorts them) with replies oldest first.
 */
// `c` is MATERIALIZED so that `teaches` (read three times) is decided once, and the planner has less to plan
const COURSE_SQL = `WITH ${VIEWER},
c AS MATERIALIZED (
  SELECT c.*, v.id AS viewer, v.role,
         (v.role = 'Teacher' AND EXISTS (SELECT 1 FROM course_teachers ct WHERE ct.course_id = c.id AND ct.teacher_id = v.id)) AS teaches
    FROM v JOIN courses c ON c.id = $2),
r AS (
  SELECT c.*, (${MANAGER.replace(/v\./g, 'c.')} OR c.teaches) AS sees_hidden FROM c
   WHERE ${MANAGER.replace(/v\./g, 'c.')} OR c.teaches
      OR (c.role = 'Student' AND EXISTS (SELECT 1 FROM users ux WHERE ux.id = c.viewer AND ux.class_id = c.class_id AND ux.academic_year_id = c.academic_year_id))),
md AS (SELECT m.* FROM r JOIN course_modules m ON m.course_id = r.id WHERE m.is_visible OR r.sees_hidden),
ct AS (
  SELECT ct.module_id, json_agg(json_build_object('id', ct.id, 'title', ct.title, 'description', ct.description, 'contentType', ${GQL_ENUM('ct.content_type')},
           'fileName', ct.file_name, 'fileSize', ct.file_size, 'mimeType', ct.mime_type, 'isVisible', ct.is_visible,
           'downloadUrl', '/api/content/download/' || ct.id, 'version', ct.version) ORDER BY ct.created_at, ct.id) AS contents
    FROM r JOIN md ON true JOIN contents ct ON ct.module_id = md.id
   WHERE (ct.is_visible AND md.is_visible) OR r.sees_hidden GROUP BY ct.module_id),
threads AS (SELECT d.* FROM r JOIN discussions d ON d.course_id = r.id AND d.parent_id IS NULL),
replies AS (
  SELECT d.parent_id, json_agg(${POST('d', 'au')} ORDER BY d.created_at, d.id) AS replies
    FROM r JOIN threads t ON true JOIN discussions d ON d.parent_id = t.id AND d.course_id = r.id LEFT JOIN users au ON au.id = d.author_id
   GROUP BY d.parent_id)
SELECT (SELECT json_build_object('data', json_build_object('course', json_build_object(
  'id', r.id, 'title', r.title, 'description', r.description, 'version', r.version, 'viewerCanManage', r.teaches,
  'subject', (SELECT json_build_object('id', s.id, 'name', s.name) FROM subjects s WHERE s.id = r.subject_id),
  'class', (SELECT json_build_object('id', cl.id, 'name', cl.name) FROM classes cl WHERE cl.id = r.class_id),
  'academicYear', (SELECT json_build_object('id', y.id, 'year', y.year, 'isActive', y.is_active) FROM academic_years y WHERE y.id = r.academic_year_id),
  'teachers', coalesce((SELECT json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) ORDER BY u.last_name, u.first_name, u.id)
                          FROM allocations a JOIN allocation_teachers x ON x.allocation_id = a.id JOIN users u ON u.id = x.teacher_id
                         WHERE a.class_id = r.class_id AND a.subject_id = r.subject_id AND a.academic_year_id = r.academic_year_id), '[]'::json),
  'modules', coalesce((SELECT json_agg(json_build_object('id', md.id, 'title', md.title, 'description', md.description, 'moduleType', ${GQL_ENUM('md.module_type')},
                                         'order', md.sort_order, 'isVisible', md.is_visible, 'version', md.version, 'contents', coalesce(ct.contents, '[]'::json))
                                       ORDER BY md.sort_order, md.created_at, md.id)
                         FROM md LEFT JOIN ct ON ct.module_id = md.id), '[]'::json),
  'announcements', coalesce((SELECT json_agg(json_build_object('id', an.id, 'courseId', an.course_id, 'title', an.title, 'content', an.content,
                                               'isVisible', an.is_visible, 'createdAt', ${ISO('an.created_at')}, 'version', an.version,
                                               'author', CASE WHEN au.id IS NULL THEN NULL ELSE json_build_object('id', au.id, 'firstName', au.first_name, 'lastName', au.last_name) END)
                                             ORDER BY an.created_at DESC, an.id)
                               FROM announcements an LEFT JOIN users au ON au.id = an.author_id
                              WHERE an.course_id = r.id AND (an.is_visible OR r.sees_hidden)), '[]'::json),
  'discussions', coalesce((SELECT json_agg(${POST('t', 'au', "'replies', coalesce(rp.replies, '[]'::json)")}
                                           ORDER BY date_trunc('milliseconds', t.created_at) DESC, t.id)
                             FROM threads t LEFT JOIN users au ON au.id = t.author_id LEFT JOIN replies rp ON rp.parent_id = t.id), '[]'::json))))
  FROM r) AS body`;

// ---------------------------------------------------------------- a student's courses

const YEAR = (alias) => `json_build_object('id', ${alias}.id, 'year', ${alias}.year, 'isActive', ${alias}.is_active)`;

/** studentCourses: a placed Student's class, year and the courses of both (by subject name, title, id); otherwise nothing. */
const STUDENT_COURSES_SQL = `WITH ${VIEWER},
me AS (SELECT u.class_id, u.academic_year_id FROM v JOIN users u ON u.id = v.id
        WHERE v.role = 'Student' AND u.class_id IS NOT NULL AND u.academic_year_id IS NOT NULL)
SELECT (SELECT json_build_object('data', json_build_object('studentCourses', json_build_object(
  'studentInfo', json_build_object(
    'academicYear', (SELECT ${YEAR('y')} FROM me JOIN academic_years y ON y.id = me.academic_year_id),
    'class', (SELECT json_build_object('id', cl.id, 'name', cl.name) FROM me JOIN classes cl ON cl.id = me.class_id)),
  'courses', coalesce((SELECT json_agg(json_build_object('id', c.id, 'title', c.title, 'subject', json_build_object('id', s.id, 'name', s.name),
                                                         'class', json_build_object('id', cl.id, 'name', cl.name), 'academicYear', ${YEAR('y')})
                                       ORDER BY s.name, c.title, c.id)
                         FROM me JOIN courses c ON c.class_id = me.class_id AND c.academic_year_id = me.academic_year_id
                         JOIN subjects s ON s.id = c.subject_id JOIN classes cl ON cl.id = c.class_id JOIN academic_years y ON y.id = c.academic_year_id), '[]'::json))))
  FROM v) AS body`;

// ---------------------------------------------------------------- attendance

/** An AttendanceRecordFields object of record r, student st, class cl, subject sb, teacher t (null once gone). */
const RECORD = `json_build_object('id', r.id, 'date', r.date::text, 'status', ${GQL_ENUM('r.status')}, 'notes', r.notes, 'version', r.version,
  'student', json_build_object('id', st.id, 'firstName', st.first_name, 'lastName', st.last_name),
  'class', json_build_object('id', cl.id, 'name', cl.name, 'grade', cl.grade),
  'subject', json_build_object('id', sb.id, 'name', sb.name),
  'teacher', CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'firstName', t.first_name, 'lastName', t.last_name) END)`;
const RECORD_JOINS = `JOIN users st ON st.id = r.student_id JOIN classes cl ON cl.id = r.class_id JOIN subjects sb ON sb.id = r.subject_id
  LEFT JOIN users t ON t.id = r.teacher_id`;

/** 'attendance.mark' on allocation al: academic managers, or a teacher among its teachers. */
const MARKS = (al) =>
  `(${MANAGER} OR (v.role = 'Teacher' AND EXISTS (SELECT 1 FROM allocation_teachers x WHERE x.allocation_id = ${al}.id AND x.teacher_id = v.id)))`;

/**
 * attendanceRoster (the allocation of class $2, subject $3, year $4) and attendanceForDate (the allocation of
 * class $2 and subject $3, date $5): staff only, each allocation readable by the viewer; the students placed
 * in the class and year, and the day's records, both by the student's last and first name. Emails show: the
 * viewer manages users.
 */
const SHEET_SQL = `WITH ${VIEWER}
SELECT (SELECT json_build_object('data', json_build_object(
  'attendanceRoster', coalesce((SELECT json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
                                                ORDER BY u.last_name, u.first_name, u.id)
                                  FROM users u WHERE u.role = 'Student' AND u.class_id = $2 AND u.academic_year_id = $4), '[]'::json),
  'attendanceForDate', coalesce((SELECT json_agg(${RECORD} ORDER BY st.last_name, st.first_name, st.id)
                                   FROM attendance_records r ${RECORD_JOINS}
                                  WHERE r.class_id = $2 AND r.subject_id = $3 AND r.date = $5::date), '[]'::json)))
  FROM v WHERE ${USER_MANAGER} AND $5::date IS NOT NULL
   AND EXISTS (SELECT 1 FROM allocations al WHERE al.class_id = $2 AND al.subject_id = $3 AND al.academic_year_id = $4 AND ${MARKS('al')})
   AND EXISTS (SELECT 1 FROM allocations al WHERE al.class_id = $2 AND al.subject_id = $3 AND ${MARKS('al')})) AS body`;

/**
 * myAttendance: a Student's own records ($4 class, $5 subject filters), newest date first then subject name,
 * one page ($2 offset, $3 limit), the summary over all that match, where they are placed now, and the classes
 * and subjects they have records in (by name).
 */
const MY_ATTENDANCE_SQL = `WITH ${VIEWER},
mine AS (SELECT r.* FROM v JOIN attendance_records r ON r.student_id = v.id WHERE v.role = 'Student'),
f AS (SELECT r.* FROM mine r WHERE ($4::uuid IS NULL OR r.class_id = $4) AND ($5::uuid IS NULL OR r.subject_id = $5)),
n AS (SELECT count(*) FILTER (WHERE r.status = 'Present')::int AS present, count(*) FILTER (WHERE r.status = 'Absent')::int AS absent,
             count(*) FILTER (WHERE r.status = 'Late')::int AS late FROM f r)
SELECT (SELECT json_build_object('data', json_build_object('myAttendance', json_build_object(
  'records', json_build_object(
    'nodes', coalesce((SELECT json_agg(${RECORD} ORDER BY r.date DESC, sb.name, r.id) FROM (
                         SELECT r.* FROM f r JOIN subjects s ON s.id = r.subject_id ORDER BY r.date DESC, s.name, r.id OFFSET $2 LIMIT $3) r
                         ${RECORD_JOINS}), '[]'::json),
    'totalCount', n.present + n.absent + n.late),
  'summary', json_build_object('total', n.present + n.absent + n.late, 'present', n.present, 'absent', n.absent, 'late', n.late,
                               'rate', CASE WHEN n.present + n.absent + n.late = 0 THEN 0
                                            ELSE ((n.present + n.late) * 200 + n.present + n.absent + n.late) / (2 * (n.present + n.absent + n.late)) END),
  'studentInfo', (SELECT json_build_object(
                    'class', (SELECT json_build_object('id', cl.id, 'name', cl.name, 'grade', cl.grade) FROM classes cl WHERE cl.id = u.class_id),
                    'academicYear', (SELECT json_build_object('id', y.id, 'year', y.year) FROM academic_years y WHERE y.id = u.academic_year_id))
                    FROM users u WHERE u.id = v.id),
  'classes', coalesce((SELECT json_agg(json_build_object('id', cl.id, 'name', cl.name, 'grade', cl.grade) ORDER BY cl.name, cl.id)
                         FROM classes cl WHERE cl.id IN (SELECT class_id FROM mine)), '[]'::json),
  'subjects', coalesce((SELECT json_agg(json_build_object('id', sb.id, 'name', sb.name) ORDER BY sb.name, sb.id)
                          FROM subjects sb WHERE sb.id IN (SELECT subject_id FROM mine)), '[]'::json))))
  FROM v CROSS JOIN n WHERE v.role = 'Student') AS body`;

const none = () => [];

export const floors = {
  'gql-me': { sql: ME_SQL, params: none },
  'gql-users-admin': { sql: USERS_SQL, params: usersParams },
  'gql-academic-tree-admin': { sql: TREE_SQL, params: (q) => [id(q.get('academicYearId'))] },
  'gql-my-courses-teacher': { sql: MY_COURSES_SQL, params: none },
  'gql-course-page-teacher': { sql: COURSE_SQL, params: (q) => [id(q.get('id'))] },
  'gql-student-courses': { sql: STUDENT_COURSES_SQL, params: none },
  'gql-attendance-sheet-teacher': {
    sql: SHEET_SQL,
    params: (q) => [id(q.get('classId')), id(q.get('subjectId')), id(q.get('academicYearId')), date(q.get('date'))],
  },
  'gql-my-attendance-student': {
    sql: MY_ATTENDANCE_SQL,
    params: (q) => [...cursorPage(q), optionalId(q.get('classId')), optionalId(q.get('subjectId'))],
  },
};
