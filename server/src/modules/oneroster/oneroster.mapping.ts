/**
 * The one place where what this product holds becomes OneRoster 1.2 (README "OneRoster 1.2"): each collection
 * is one SQL statement whose columns are the OneRoster field names (scalars, filterable and sortable) plus
 * internal columns starting with `_` (references, raw ids), and a presenter that turns a row into the
 * specification's JSON object with its GUIDRefs.
 */

/** An object's sourcedId: the one it was imported with, else our id. */
export const sid = (alias: string) => `coalesce(${alias}.sourced_id, ${alias}.id::text)`;
/** dateLastModified as the specification writes it (UTC, milliseconds); compares as text in time order. */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An academic year's dates when none were entered, from its name: "2025-2026" (two years) runs from 1 August to
 * 31 July, "2026" (one year) is the calendar year; a name without a year takes the year it was created in.
 */
const yearStart = (y: string) => `coalesce(${y}.start_date, CASE
  WHEN ${y}.year ~ '\\d{4}\\D+\\d{4}' THEN make_date((regexp_match(${y}.year, '(\\d{4})'))[1]::int, 8, 1)
  WHEN ${y}.year ~ '\\d{4}' THEN make_date((regexp_match(${y}.year, '(\\d{4})'))[1]::int, 1, 1)
  ELSE make_date(extract(year FROM ${y}.created_at)::int, 1, 1) END)`;
const yearEnd = (y: string) => `coalesce(${y}.end_date, CASE
  WHEN ${y}.year ~ '\\d{4}\\D+\\d{4}' THEN make_date((regexp_match(${y}.year, '\\d{4}\\D+(\\d{4})'))[1]::int, 7, 31)
  WHEN ${y}.year ~ '\\d{4}' THEN make_date((regexp_match(${y}.year, '(\\d{4})'))[1]::int, 12, 31)
  ELSE make_date(extract(year FROM ${y}.created_at)::int, 12, 31) END)`;
const day = (d: string) => `to_char(${d}, 'YYYY-MM-DD')`;

/** The suffix of the one term a year without terms exposes (spanning the whole year). */
export const WHOLE_YEAR_TERM = '-term';

/** The terms of year `y` (its own, or the one spanning it), as an array of sourcedIds. */
const termSids = (y: string) => `coalesce(
  (SELECT array_agg(${sid('p')} ORDER BY p.start_date) FROM academic_periods p WHERE p.academic_year_id = ${y}.id AND p.type = 'term'),
  ARRAY[${sid(y)} || '${WHOLE_YEAR_TERM}'])`;

/** Between the subject's sourcedId and the grade in the sourcedId of a course no SIS named. */
export const COURSE_SID_SEPARATOR = ':';
/**
 * A course is a subject at a grade: its sourcedId is the one an SIS gave it (oneroster_courses), else the
 * subject's and the grade's (COURSE_SID_SEPARATOR).
 */
const courseSid = (
  s: string,
  c: string,
) => `coalesce((SELECT oc.sourced_id FROM oneroster_courses oc WHERE oc.subject_id = ${s}.id AND oc.grade = lower(${c}.grade)),
  ${sid(s)} || '${COURSE_SID_SEPARATOR}' || lower(${c}.grade))`;

const SCHOOL = `(SELECT sourced_id FROM oneroster_orgs WHERE type = 'school')`;

/** OneRoster's role words for ours (spec section 4.13.5 RoleEnum). */
const roleWord = (u: string) =>
  `CASE ${u}.role WHEN 'Student' THEN 'student' WHEN 'Teacher' THEN 'teacher' WHEN 'Parent' THEN 'guardian' ELSE 'administrator' END`;

export type Row = Record<string, unknown>;

export interface GuidRef {
  href: string;
  sourcedId: string;
  type: string;
}

/** Builds GUIDRefs with hrefs under this server's OneRoster base address. */
export type RefMaker = (type: string, sourcedId: string) => GuidRef;

export interface Collection {
  /** The list answer's key (`users`) and the single answer's (`user`). */
  plural: string;
  singular: string;
  /** The fields a consumer may filter and sort on, and the column each reads (`_` columns for dotted names). */
  fields: Record<string, string>;
  sql: string;
  present(row: Row, ref: RefMaker): Row;
}

const base = (extra: string[] = []) =>
  Object.fromEntries(['sourcedId', 'status', 'dateLastModified', ...extra].map((f) => [f, f])) as Record<string, string>;
const arr = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const meta = (r: Row) => ({ sourcedId: r.sourcedId, status: r.status, dateLastModified: r.dateLastModified });

export const orgs: Collection = {
  plural: 'orgs',
  singular: 'org',
  fields: base(['name', 'type', 'identifier']),
  sql: `SELECT o.sourced_id AS "sourcedId", 'active' AS status, ${iso('o.updated_at')} AS "dateLastModified", o.name, o.type,
      o.identifier, (SELECT d.sourced_id FROM oneroster_orgs d WHERE d.type = 'district' AND o.type = 'school') AS "_parent",
      CASE WHEN o.type = 'district' THEN ARRAY(SELECT s.sourced_id FROM oneroster_orgs s WHERE s.type = 'school') ELSE '{}' END AS "_children"
    FROM oneroster_orgs o`,
  present: (r, ref) => ({
    ...meta(r),
    name: r.name,
    type: r.type,
    identifier: r.identifier,
    ...(r._parent ? { parent: ref('org', r._parent as string) } : {}),
    children: arr(r._children).map((c) => ref('org', c)),
  }),
};

const sessionFields = base(['title', 'startDate', 'endDate', 'type', 'schoolYear', 'parent.sourcedId']);
sessionFields['parent.sourcedId'] = '_parent';

/** Years (schoolYear), their terms (or the one spanning a year without terms) and grading periods. */
export const academicSessions: Collection = {
  plural: 'academicSessions',
  singular: 'academicSession',
  fields: sessionFields,
  sql: `
    SELECT ${sid('y')} AS "sourcedId", 'active' AS status, ${iso('y.updated_at')} AS "dateLastModified", y.year AS title,
      ${day(yearStart('y'))} AS "startDate", ${day(yearEnd('y'))} AS "endDate", 'schoolYear' AS type,
      extract(year FROM ${yearEnd('y')})::text AS "schoolYear", NULL::text AS "_parent", ${termSids('y')} AS "_children", y.id AS "_yearId"
    FROM academic_years y
    UNION ALL
    SELECT ${sid('y')} || '${WHOLE_YEAR_TERM}', 'active', ${iso('y.updated_at')}, y.year, ${day(yearStart('y'))}, ${day(yearEnd('y'))}, 'term',
      extract(year FROM ${yearEnd('y')})::text, ${sid('y')},
      ARRAY(SELECT ${sid('g')} FROM academic_periods g WHERE g.academic_year_id = y.id AND g.type = 'gradingPeriod' AND g.parent_id IS NULL ORDER BY g.start_date),
      y.id
    FROM academic_years y WHERE NOT EXISTS (SELECT 1 FROM academic_periods t WHERE t.academic_year_id = y.id AND t.type = 'term')
    UNION ALL
    SELECT ${sid('p')}, 'active', ${iso('p.updated_at')}, p.title, ${day('p.start_date')}, ${day('p.end_date')}, p.type,
      extract(year FROM ${yearEnd('y')})::text,
      CASE WHEN p.parent_id IS NOT NULL THEN (SELECT ${sid('t')} FROM academic_periods t WHERE t.id = p.parent_id)
        WHEN p.type = 'gradingPeriod' THEN (SELECT (${termSids('y')})[1]) ELSE ${sid('y')} END,
      ARRAY(SELECT ${sid('g')} FROM academic_periods g WHERE g.parent_id = p.id ORDER BY g.start_date), y.id
    FROM academic_periods p JOIN academic_years y ON y.id = p.academic_year_id`,
  present: (r, ref) => ({
    ...meta(r),
    title: r.title,
    startDate: r.startDate,
    endDate: r.endDate,
    type: r.type,
    schoolYear: r.schoolYear,
    ...(r._parent ? { parent: ref('academicSession', r._parent as string) } : {}),
    children: arr(r._children).map((c) => ref('academicSession', c)),
  }),
};

export const courses: Collection = {
  plural: 'courses',
  singular: 'course',
  fields: base(['title', 'courseCode']),
  sql: `SELECT DISTINCT ON (${courseSid('s', 'c')}) ${courseSid('s', 'c')} AS "sourcedId", 'active' AS status,
      ${iso('greatest(s.updated_at, c.updated_at)')} AS "dateLastModified", s.name || ' ' || c.grade AS title, s.name || ' ' || c.grade AS "courseCode",
      c.grade AS "_grade", s.name AS "_subject", ${SCHOOL} AS "_org"
    FROM allocations a JOIN classes c ON c.id = a.class_id JOIN subjects s ON s.id = a.subject_id
    ORDER BY ${courseSid('s', 'c')}, greatest(s.updated_at, c.updated_at) DESC`,
  present: (r, ref) => ({
    ...meta(r),
    title: r.title,
    courseCode: r.courseCode,
    grades: [r._grade],
    subjects: [r._subject],
    org: ref('org', r._org as string),
  }),
};

const classFields = base(['title', 'classCode', 'classType', 'location', 'course.sourcedId', 'school.sourcedId']);
Object.assign(classFields, { 'course.sourcedId': '_course', 'school.sourcedId': '_school' });

/** A class is an allocation (class x subject x year): OneRoster's section. */
export const classes: Collection = {
  plural: 'classes',
  singular: 'class',
  fields: classFields,
  sql: `SELECT ${sid('a')} AS "sourcedId", 'active' AS status, ${iso('greatest(a.updated_at, c.updated_at, s.updated_at)')} AS "dateLastModified",
      c.name || ' ' || s.name AS title, c.name AS "classCode", 'scheduled' AS "classType", c.name AS location,
      c.grade AS "_grade", s.name AS "_subject", ${courseSid('s', 'c')} AS "_course", ${SCHOOL} AS "_school", ${termSids('y')} AS "_terms",
      ARRAY(SELECT ${sid('t')} FROM allocation_teachers at JOIN users t ON t.id = at.teacher_id WHERE at.allocation_id = a.id) AS "_teachers",
      ARRAY(SELECT ${sid('st')} FROM users st WHERE st.class_id = a.class_id AND st.academic_year_id = a.academic_year_id) AS "_students",
      a.id AS "_id"
    FROM allocations a JOIN classes c ON c.id = a.class_id JOIN subjects s ON s.id = a.subject_id JOIN academic_years y ON y.id = a.academic_year_id`,
  present: (r, ref) => ({
    ...meta(r),
    title: r.title,
    classCode: r.classCode,
    classType: r.classType,
    location: r.location,
    grades: [r._grade],
    subjects: [r._subject],
    course: ref('course', r._course as string),
    school: ref('org', r._school as string),
    terms: arr(r._terms).map((t) => ref('academicSession', t)),
  }),
};

export const users: Collection = {
  plural: 'users',
  singular: 'user',
  fields: base(['enabledUser', 'username', 'givenName', 'familyName', 'email', 'identifier', 'role']),
  sql: `SELECT ${sid('u')} AS "sourcedId", CASE WHEN u.deactivated_at IS NULL THEN 'active' ELSE 'tobedeleted' END AS status,
      ${iso('u.updated_at')} AS "dateLastModified", CASE WHEN u.activated AND u.deactivated_at IS NULL THEN 'true' ELSE 'false' END AS "enabledUser", u.email AS username, u.first_name AS "givenName",
      u.last_name AS "familyName", u.email, u.id::text AS identifier, ${roleWord('u')} AS role, c.grade AS "_grade", ${SCHOOL} AS "_school",
      ARRAY(SELECT ${sid('o')} FROM parent_students ps JOIN users o ON o.id = ps.parent_id WHERE ps.student_id = u.id
        UNION ALL SELECT ${sid('o')} FROM parent_students ps JOIN users o ON o.id = ps.student_id WHERE ps.parent_id = u.id) AS "_agents",
      ARRAY(SELECT ${sid('a')} FROM allocation_teachers at JOIN allocations a ON a.id = at.allocation_id WHERE at.teacher_id = u.id
        UNION ALL SELECT ${sid('a')} FROM allocations a WHERE a.class_id = u.class_id AND a.academic_year_id = u.academic_year_id) AS "_classes"
    FROM users u LEFT JOIN classes c ON c.id = u.class_id`,
  present: (r, ref) => ({
    ...meta(r),
    enabledUser: r.enabledUser === 'true',
    username: r.username,
    userIds: [{ type: 'LMS', identifier: r.identifier }],
    givenName: r.givenName,
    familyName: r.familyName,
    email: r.email,
    identifier: r.identifier,
    roles: [{ roleType: 'primary', role: r.role, org: ref('org', r._school as string) }],
    primaryOrg: ref('org', r._school as string),
    agents: arr(r._agents).map((a) => ref('user', a)),
    grades: r._grade ? [r._grade] : [],
  }),
};

const enrollmentFields = base(['role', 'primary', 'beginDate', 'endDate', 'user.sourcedId', 'class.sourcedId', 'school.sourcedId']);
Object.assign(enrollmentFields, { 'user.sourcedId': '_user', 'class.sourcedId': '_class', 'school.sourcedId': '_school' });

/**
 * A teacher's allocation (role teacher; primary for the first teacher of the allocation by name) and a student's
 * placement (role student, in every allocation of the student's class and year). Their sourcedIds are built
 * from our ids, so they stay the same whatever sourcedIds the user and the class carry.
 */
export const enrollments: Collection = {
  plural: 'enrollments',
  singular: 'enrollment',
  fields: enrollmentFields,
  sql: `
    SELECT 't-' || a.id || '-' || u.id AS "sourcedId", 'active' AS status, ${iso('greatest(a.updated_at, u.updated_at)')} AS "dateLastModified",
      'teacher' AS role,
      CASE WHEN row_number() OVER (PARTITION BY a.id ORDER BY u.last_name, u.first_name, u.id) = 1 THEN 'true' ELSE 'false' END AS "primary",
      ${day(yearStart('y'))} AS "beginDate", ${day(yearEnd('y'))} AS "endDate", ${sid('u')} AS "_user", ${sid('a')} AS "_class", ${SCHOOL} AS "_school"
    FROM allocation_teachers at JOIN allocations a ON a.id = at.allocation_id JOIN users u ON u.id = at.teacher_id
      JOIN academic_years y ON y.id = a.academic_year_id
    UNION ALL
    SELECT 's-' || a.id || '-' || u.id, 'active', ${iso('greatest(a.updated_at, u.updated_at)')}, 'student', 'false',
      ${day(yearStart('y'))}, ${day(yearEnd('y'))}, ${sid('u')}, ${sid('a')}, ${SCHOOL}
    FROM users u JOIN allocations a ON a.class_id = u.class_id AND a.academic_year_id = u.academic_year_id
      JOIN academic_years y ON y.id = a.academic_year_id`,
  present: (r, ref) => ({
    ...meta(r),
    role: r.role,
    primary: r.primary === 'true',
    beginDate: r.beginDate,
    endDate: r.endDate,
    user: ref('user', r._user as string),
    class: ref('class', r._class as string),
    school: ref('org', r._school as string),
  }),
};

/** We keep no demographics: the collection answers empty, as the specification allows. */
export const demographics: Collection = {
  plural: 'demographics',
  singular: 'demographics',
  fields: base(),
  sql: `SELECT NULL::text AS "sourcedId", NULL::text AS status, NULL::text AS "dateLastModified" WHERE false`,
  present: (r) => meta(r),
};

// ---- the gradebook service ----

/** Our assessment kinds are the built-in categories; an application may add its own beside them. */
export const BUILT_IN_CATEGORIES: Record<string, string> = { assignment: 'Assignment', exam: 'Exam', quiz: 'Quiz' };
/** When the built-in categories were last changed: never, since they came with the product. */
const BUILT_IN_DATE = '2024-11-22T00:00:00.000Z';

export const categories: Collection = {
  plural: 'categories',
  singular: 'category',
  fields: base(['title']),
  sql: `SELECT k.sid AS "sourcedId", 'active' AS status, '${BUILT_IN_DATE}' AS "dateLastModified", k.title, NULL::text AS "_weight"
    FROM (VALUES ${Object.entries(BUILT_IN_CATEGORIES)
      .map(([k, v]) => `('${k}', '${v}')`)
      .join(', ')}) k(sid, title)
    UNION ALL
    SELECT c.sourced_id, 'active', ${iso('c.updated_at')}, c.title, c.weight::text FROM oneroster_categories c`,
  present: (r) => ({ ...meta(r), title: r.title, ...(r._weight !== null ? { weight: Number(r._weight) } : {}) }),
};

/** The allocation (OneRoster class) a course belongs to. */
const courseAllocation = (co: string, al: string) =>
  `JOIN allocations ${al} ON ${al}.class_id = ${co}.class_id AND ${al}.subject_id = ${co}.subject_id AND ${al}.academic_year_id = ${co}.academic_year_id`;

const lineItemFields = base(['title', 'description', 'assignDate', 'dueDate', 'class.sourcedId', 'category.sourcedId']);
Object.assign(lineItemFields, { 'class.sourcedId': '_class', 'category.sourcedId': '_category' });

/** Our assessments (their results are graded here) and the columns applications made (`_external`). */
export const lineItems: Collection = {
  plural: 'lineItems',
  singular: 'lineItem',
  fields: lineItemFields,
  sql: `
    SELECT a.id::text AS "sourcedId", 'active' AS status, ${iso('a.updated_at')} AS "dateLastModified", a.title, a.description,
      ${iso('a.created_at')} AS "assignDate", ${iso('a.due_date')} AS "dueDate", '0' AS "_min", a.total_points::text AS "_max",
      lower(a.kind) AS "_category", ${sid('al')} AS "_class", ${SCHOOL} AS "_school", NULL::text AS "_gradingPeriod", false AS "_external"
    FROM assessments a JOIN courses co ON co.id = a.course_id ${courseAllocation('co', 'al')}
    UNION ALL
    SELECT li.sourced_id, 'active', ${iso('li.updated_at')}, li.title, li.description, ${iso('li.assign_date')}, ${iso('li.due_date')},
      li.result_value_min::text, li.result_value_max::text, li.category, ${sid('al')}, ${SCHOOL},
      (SELECT ${sid('p')} FROM academic_periods p WHERE p.id = li.grading_period_id), true
    FROM oneroster_line_items li JOIN allocations al ON al.id = li.allocation_id`,
  present: (r, ref) => ({
    ...meta(r),
    title: r.title,
    description: r.description,
    assignDate: r.assignDate,
    dueDate: r.dueDate,
    class: ref('class', r._class as string),
    school: ref('org', r._school as string),
    category: ref('category', r._category as string),
    ...(r._gradingPeriod ? { gradingPeriod: ref('academicSession', r._gradingPeriod as string) } : {}),
    resultValueMin: Number(r._min),
    resultValueMax: Number(r._max),
  }),
};

const resultFields = base(['scoreStatus', 'scoreDate', 'lineItem.sourcedId', 'student.sourcedId', 'class.sourcedId']);
Object.assign(resultFields, { 'lineItem.sourcedId': '_lineItem', 'student.sourcedId': '_student', 'class.sourcedId': '_class' });

/** Our submissions once submitted (a score once graded, the teacher's feedback as the comment) and the results applications wrote. */
export const results: Collection = {
  plural: 'results',
  singular: 'result',
  fields: resultFields,
  sql: `
    SELECT s.id::text AS "sourcedId", 'active' AS status, ${iso('s.updated_at')} AS "dateLastModified",
      CASE s.status WHEN 'graded' THEN 'fully graded' ELSE 'submitted' END AS "scoreStatus",
      CASE WHEN s.status = 'graded' THEN s.total_score::text END AS "_score", ${iso('coalesce(s.submitted_at, s.updated_at)')} AS "scoreDate",
      coalesce((SELECT string_agg(g.feedback, E'\\n' ORDER BY q.sort_order) FROM grades g JOIN questions q ON q.id = g.question_id
        WHERE g.submission_id = s.id AND g.feedback <> ''), '') AS comment,
      a.id::text AS "_lineItem", ${sid('u')} AS "_student", ${sid('al')} AS "_class"
    FROM submissions s JOIN assessments a ON a.id = s.assessment_id JOIN courses co ON co.id = a.course_id ${courseAllocation('co', 'al')}
      JOIN users u ON u.id = s.student_id
    WHERE s.submitted_at IS NOT NULL
    UNION ALL
    SELECT r.sourced_id, 'active', ${iso('r.updated_at')}, r.score_status, r.score::text, ${iso('r.score_date')}, r.comment,
      li.sourced_id, ${sid('u')}, ${sid('al')}
    FROM oneroster_results r JOIN oneroster_line_items li ON li.id = r.line_item_id JOIN allocations al ON al.id = li.allocation_id
      JOIN users u ON u.id = r.student_id`,
  present: (r, ref) => ({
    ...meta(r),
    lineItem: ref('lineItem', r._lineItem as string),
    student: ref('user', r._student as string),
    class: ref('class', r._class as string),
    scoreStatus: r.scoreStatus,
    ...(r._score !== null ? { score: Number(r._score) } : {}),
    scoreDate: r.scoreDate,
    comment: r.comment,
  }),
};
