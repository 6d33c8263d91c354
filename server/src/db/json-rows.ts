/**
 * SQL pieces for answers built inside PostgreSQL (issue 28): a row as the plain object GraphQL's default
 * resolvers read, with the property names and value forms the entity classes have (timestamps as ISO strings,
 * which the DateTimeISO scalar answers as they are; `date` columns as YYYY-MM-DD, as TypeORM reads them).
 */

/** A timestamptz as Date.prototype.toISOString writes it. */
export const isoSql = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An ORDER BY key that sorts as `localeCompare(x, undefined, { numeric: true })`: digit runs compare by value
 * (padded to 10 digits), the rest by ICU's root collation.
 */
export const numericOrderSql = (col: string) =>
  `regexp_replace(regexp_replace(${col}, '(\\d+)', '0000000000\\1', 'g'), '0*(\\d{10})', '\\1', 'g') COLLATE "und-x-icu"`;

/*
 * `more`: further keys of the same object (`'classes', (SELECT ...)`), written into its json_build_object: merging
 * objects as `json::jsonb || jsonb_build_object(...)` converts the whole nested answer to jsonb and back at every
 * level, which made the course-management tree's statement 4x the floor's.
 */

/** AcademicYear (academic-year.entity.ts) of the row `y`. */
export const yearJson = (y: string, more = '') => `json_build_object('id', ${y}.id, 'year', ${y}.year, 'isActive', ${y}.is_active,
  'startDate', ${y}.start_date, 'endDate', ${y}.end_date, 'version', ${y}.version,
  'createdAt', ${isoSql(`${y}.created_at`)}, 'updatedAt', ${isoSql(`${y}.updated_at`)}${more && `, ${more}`})`;

/** SchoolClass (class.entity.ts) of the row `c`. */
export const classJson = (c: string, more = '') => `json_build_object('id', ${c}.id, 'name', ${c}.name, 'grade', ${c}.grade,
  'academicYearId', ${c}.academic_year_id, 'description', ${c}.description, 'isActive', ${c}.is_active, 'version', ${c}.version,
  'createdAt', ${isoSql(`${c}.created_at`)}, 'updatedAt', ${isoSql(`${c}.updated_at`)}${more && `, ${more}`})`;

/** Subject (subject.entity.ts) of the row `s`. */
export const subjectJson = (s: string) => `json_build_object('id', ${s}.id, 'name', ${s}.name, 'description', ${s}.description,
  'isActive', ${s}.is_active, 'version', ${s}.version, 'createdAt', ${isoSql(`${s}.created_at`)}, 'updatedAt', ${isoSql(`${s}.updated_at`)})`;

/** Course (course.entity.ts) of the row `c`, without its relations (its field resolvers load them when asked). */
export const courseJson = (c: string, more = '') => `json_build_object('id', ${c}.id, 'title', ${c}.title, 'description', ${c}.description,
  'subjectId', ${c}.subject_id, 'classId', ${c}.class_id, 'academicYearId', ${c}.academic_year_id, 'createdById', ${c}.created_by,
  'version', ${c}.version, 'createdAt', ${isoSql(`${c}.created_at`)}, 'updatedAt', ${isoSql(`${c}.updated_at`)}${more && `, ${more}`})`;

/** Allocation (allocation.entity.ts) of the row `a`, without its class, year and teachers; `more` as in classJson. */
export const allocationJson = (
  a: string,
  more = '',
) => `json_build_object('id', ${a}.id, 'classId', ${a}.class_id, 'subjectId', ${a}.subject_id,
  'academicYearId', ${a}.academic_year_id, 'version', ${a}.version, 'createdAt', ${isoSql(`${a}.created_at`)},
  'updatedAt', ${isoSql(`${a}.updated_at`)}${more && `, ${more}`})`;

/** User (user.entity.ts) of the row `u`, without its password hash; the field rules decide what is shown of it. */
export const userJson = (u: string) => `json_build_object('id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name,
  'email', ${u}.email, 'role', ${u}.role, 'activated', ${u}.activated, 'deactivatedAt', ${isoSql(`${u}.deactivated_at`)},
  'classId', ${u}.class_id, 'academicYearId', ${u}.academic_year_id, 'createdAt', ${isoSql(`${u}.created_at`)}, 'updatedAt', ${isoSql(`${u}.updated_at`)})`;

/**
 * A builder of lean objects: the row `x` with only `columns`' fields (field -> column), and `more`'s keys as the
 * whole builders take them; what a read builds when its operation asks for no other field.
 */
export const leanJson =
  (columns: Readonly<Record<string, string>>) =>
  (x: string, more = '') =>
    `json_build_object(${Object.entries(columns)
      .map(([field, column]) => `'${field}', ${x}.${column}`)
      .join(', ')}${more && `, ${more}`})`;

const PERSON_COLUMNS = { id: 'id', firstName: 'first_name', lastName: 'last_name', email: 'email', role: 'role' } as const;

/** The User fields that personJson carries: a read whose operation asks no other field of its users may build them so. */
export const PERSON_FIELDS = Object.keys(PERSON_COLUMNS) as ReadonlyArray<keyof typeof PERSON_COLUMNS>;

/**
 * User of the row `u` with PERSON_FIELDS only (the email's field rule needs only the id): an attendance sheet's
 * forty students and their records' people, where userJson's three timestamps and account state were half the
 * statement's work and nobody asked for them.
 */
export const personJson = leanJson(PERSON_COLUMNS);

/** CourseModule (module.entity.ts) of the row `m`, without its contents (its field resolvers load them when asked). */
export const moduleJson = (m: string) => `json_build_object('id', ${m}.id, 'title', ${m}.title, 'description', ${m}.description,
  'moduleType', ${m}.module_type, 'order', ${m}.sort_order, 'isVisible', ${m}.is_visible, 'courseId', ${m}.course_id, 'version', ${m}.version,
  'createdAt', ${isoSql(`${m}.created_at`)}, 'updatedAt', ${isoSql(`${m}.updated_at`)})`;

/** Subqueries selecting the ids of the subjects, classes, years and users that a statement's rows name (each optional). */
export interface PlaceIds {
  subjects?: string;
  classes?: string;
  years?: string;
  users?: string;
}

/** What placesSql answers, with the entity types of the module that reads it. */
export interface Places<Subject, SchoolClass, AcademicYear, User> {
  subjects: Record<string, Subject>;
  classes: Record<string, SchoolClass>;
  years: Record<string, AcademicYear>;
  users: Record<string, User>;
}

// `= ANY(ARRAY(...))`: the ids are gathered once and each row read by its key (as `IN (...)`, the planner
// estimated a few rows and hashed a scan of the whole users table)
const byIdSql = (table: string, a: string, json: string, ids: string | undefined) =>
  ids
    ? `(SELECT coalesce(json_object_agg(${a}.id, ${json}), '{}'::json) FROM ${table} ${a} WHERE ${a}.id = ANY(ARRAY(${ids})))`
    : `'{}'::json`;

/**
 * The entities that a statement's rows share (the one class and year of sixty courses, the teacher of forty
 * attendance records), each once, in maps by id: `{ subjects, classes, years, users }`. The rows carry the ids and
 * the module puts the objects back on them, the same object on every row that names it; sent with every row, they
 * were most of the statement's answer (a class's courses: 104 KB, of which 60 KB repeats). `users`: how each user
 * is built (personJson where the operation asks for no more).
 */
export const placesSql = (ids: PlaceIds, users: typeof userJson = userJson) => `json_build_object(
  'subjects', ${byIdSql('subjects', 'ps', subjectJson('ps'), ids.subjects)},
  'classes', ${byIdSql('classes', 'pc', classJson('pc'), ids.classes)},
  'years', ${byIdSql('academic_years', 'py', yearJson('py'), ids.years)},
  'users', ${byIdSql('users', 'pu', users('pu'), ids.users)})`;
