import { Places, classJson, isoSql, personJson, placesSql, subjectJson, userJson, yearJson } from '../../db/json-rows';
import { keptWhileRoom } from '../../core/kept';
import type { User } from '../users';
import type { SchoolClass, Subject, AcademicYear } from '../academic';
import type { Allocation, LoadedRecord } from './attendance.queries';
import type { AttendanceCounts } from './attendance.validation';

/**
 * The texts of the attendance reads, one statement each (issue 28), and what they answer: the answer is built in
 * PostgreSQL as plain objects with the entities' property names (db/json-rows.ts), which GraphQL's default resolvers
 * and the REST presenters read as they read the loaded entities before. A read of one allocation brings the
 * allocation's facts in the same statement, and the service decides 'attendance.mark' on them before it answers
 * anything. attendance.repository.ts runs them.
 */

/**
 * AttendanceRecord (attendance.entity.ts) of record r, without its student, class, subject, year and teacher: those
 * come once each in the rows' places (db/json-rows.ts placesSql) and placeRecords puts them back (a day's forty
 * records share one class, subject, year and teacher).
 */
const recordJson = `json_build_object('id', r.id, 'studentId', r.student_id, 'classId', r.class_id, 'subjectId', r.subject_id,
  'academicYearId', r.academic_year_id, 'teacherId', r.teacher_id, 'date', r.date::text, 'status', r.status, 'notes', r.notes,
  'version', r.version, 'createdAt', ${isoSql('r.created_at')}, 'updatedAt', ${isoSql('r.updated_at')})`;

/**
 * The records `r` of `from` (with whatever joins `order` names) in `order`, with the entities they name:
 * `{ records, places }` (RecordsWithPlaces). `same` is a FROM clause of the same records as `x`, for the places;
 * `users` builds their students and teachers.
 */
const recordsSql = (from: string, order: string, same: string, users = userJson) => `json_build_object(
  'records', (SELECT coalesce(json_agg(${recordJson} ORDER BY ${order}), '[]'::json) ${from}),
  'places', ${placesSql(
    {
      subjects: `SELECT DISTINCT x.subject_id FROM ${same}`,
      classes: `SELECT DISTINCT x.class_id FROM ${same}`,
      years: `SELECT DISTINCT x.academic_year_id FROM ${same}`,
      users: `SELECT x.student_id FROM ${same} UNION SELECT x.teacher_id FROM ${same}`,
    },
    users,
  )})`;

/** The records of class $1, subject $2 and date $3, by the student's last and first name. */
const recordsOfDate = (users = userJson) =>
  recordsSql(
    'FROM attendance_records r JOIN users st ON st.id = r.student_id WHERE r.class_id = $1 AND r.subject_id = $2 AND r.date = $3::date',
    'st.last_name, st.first_name, st.id',
    'attendance_records x WHERE x.class_id = $1 AND x.subject_id = $2 AND x.date = $3::date',
    users,
  );
export const RECORDS_OF_DATE = recordsOfDate();

/** The allocation `al` as the rules read it (attendance.mark: its teachers). */
const ALLOCATION_COLUMNS = `al.id, al.class_id, al.subject_id, al.academic_year_id,
  ARRAY(SELECT x.teacher_id::text FROM allocation_teachers x WHERE x.allocation_id = al.id) AS teacher_ids`;

/** The allocation of class $1, subject $2 and year $3, and the students placed in that class and year, by name. */
const rosterSql = (users = userJson) => `SELECT ${ALLOCATION_COLUMNS},
  (SELECT coalesce(json_agg(${users('u')} ORDER BY u.last_name, u.first_name, u.id), '[]'::json)
     FROM users u WHERE u.role = 'Student' AND u.class_id = al.class_id AND u.academic_year_id = al.academic_year_id) AS rows
  FROM allocations al WHERE al.class_id = $1 AND al.subject_id = $2 AND al.academic_year_id = $3`;

/** The allocation of class $1 and subject $2 (a class belongs to one year), and the records of date $3. */
const sheetSql = (users = userJson) => `SELECT ${ALLOCATION_COLUMNS}, ${recordsOfDate(users)} AS rows
  FROM allocations al WHERE al.class_id = $1 AND al.subject_id = $2`;

/** Each read's text, whole and with its people lean (personJson): made once, so each is one prepared statement. */
export const TEXTS = {
  roster: { whole: rosterSql(), lean: rosterSql(personJson) },
  sheet: { whole: sheetSql(), lean: sheetSql(personJson) },
};

/**
 * A student's own attendance ($1 the student, $2 and $3 the class and subject filters or null): the counts of
 * the records that match, one window of them ($4 offset, $5 limit; a null limit is all of them) newest date
 * first then by subject name, the student with where they are placed now, and the classes and subjects they
 * have records in (by name), for the filters.
 */
export const OWN_SQL = `
WITH f AS (SELECT r.* FROM attendance_records r
            WHERE r.student_id = $1 AND ($2::uuid IS NULL OR r.class_id = $2) AND ($3::uuid IS NULL OR r.subject_id = $3)),
n AS (SELECT count(*) FILTER (WHERE f.status = 'Present')::int AS present, count(*) FILTER (WHERE f.status = 'Absent')::int AS absent,
             count(*) FILTER (WHERE f.status = 'Late')::int AS late FROM f),
w AS (SELECT f.* FROM f JOIN subjects s ON s.id = f.subject_id ORDER BY f.date DESC, s.name, f.id OFFSET $4 LIMIT $5)
SELECT json_build_object(
  'counts', json_build_object('present', n.present, 'absent', n.absent, 'late', n.late),
  'records', ${recordsSql('FROM w r JOIN subjects sb ON sb.id = r.subject_id', 'r.date DESC, sb.name, r.id', 'w x')},
  'student', (SELECT ${userJson('u')}::jsonb || jsonb_build_object(
                'class', (SELECT ${classJson('c')} FROM classes c WHERE c.id = u.class_id),
                'academicYear', (SELECT ${yearJson('y')} FROM academic_years y WHERE y.id = u.academic_year_id))
                FROM users u WHERE u.id = $1),
  'classes', (SELECT coalesce(json_agg(${classJson('c')} ORDER BY c.name, c.id), '[]'::json)
                FROM classes c WHERE c.id IN (SELECT class_id FROM attendance_records WHERE student_id = $1)),
  'subjects', (SELECT coalesce(json_agg(${subjectJson('s')} ORDER BY s.name, s.id), '[]'::json)
                 FROM subjects s WHERE s.id IN (SELECT subject_id FROM attendance_records WHERE student_id = $1))) AS own
  FROM n`;

/** What recordsSql answers: placeRecords makes LoadedRecords of it. */
export interface RecordsWithPlaces {
  records: LoadedRecord[];
  places: Places<Subject, SchoolClass, AcademicYear, User>;
}

/** Each record with its student, class, subject, year and teacher (null once gone): one object for every record that shares it. */
export function placeRecords({ records, places }: RecordsWithPlaces): LoadedRecord[] {
  for (const r of records) {
    r.student = places.users[r.studentId];
    r.class = places.classes[r.classId];
    r.subject = places.subjects[r.subjectId];
    r.academicYear = places.years[r.academicYearId];
    r.teacher = (r.teacherId && places.users[r.teacherId]) || null;
  }
  return records;
}

/** The student of OwnAttendance with their placement joined in (the User type's class and academicYear read it). */
export type PlacedStudent = User & { class: SchoolClass | null; academicYear: AcademicYear | null };

/** What OWN_SQL answers. */
export interface OwnAttendance {
  counts: AttendanceCounts;
  records: LoadedRecord[];
  student: PlacedStudent | null;
  classes: SchoolClass[];
  subjects: Subject[];
}

/** A row of rosterSql (rows: the students) or sheetSql (rows: the day's records with their places). */
export interface AllocationRow {
  id: string;
  class_id: string;
  subject_id: string;
  academic_year_id: string;
  teacher_ids: string[];
  rows: User[] | RecordsWithPlaces;
}

/** An allocation row as the service reads it: the allocation, and its students or its day's records with their places. */
export function toRead(row: AllocationRow): { allocation: Allocation; rows: User[] | LoadedRecord[] } {
  const allocation = {
    id: row.id,
    classId: row.class_id,
    subjectId: row.subject_id,
    academicYearId: row.academic_year_id,
    teacherIds: row.teacher_ids,
  };
  return { allocation, rows: Array.isArray(row.rows) ? row.rows : placeRecords(row.rows) };
}

/**
 * One read of an allocation with its rows: a roster (class, subject, year) or a day's sheet (class, subject, date).
 * `lean`: its users (the roster's students; the records' students and teachers) with PERSON_FIELDS only, for an
 * operation that asks no more of them (asksPeopleOnly, attendance.types.ts); REST's presenters and every other
 * read take them whole.
 */
export interface SheetRead {
  kind: 'roster' | 'sheet';
  params: [string, string, string];
  lean?: boolean;
}

const textOf = (r: SheetRead) => TEXTS[r.kind][r.lean ? 'lean' : 'whole'];

/**
 * The statement of a batch, kept by its reads' kinds (a sheet sends the same two on every load): the same text
 * each time, which the prepared-statement cache finds without hashing its 4-5 KB of SQL anew. A query with many
 * aliases may make many batches, so only the first few shapes are kept.
 */
const batchTexts = new Map<string, string>();
const KEPT_BATCHES = 32;

/**
 * Several allocation reads in one statement (sheetReads runs it): each read's own text, its placeholders moved past
 * the ones before it, as one element of a JSON array.
 */
export function batchText(reads: readonly SheetRead[]): string {
  const key = reads.map((r) => `${r.kind}${r.lean ? '~' : ''}`).join(',');
  return keptWhileRoom(batchTexts, key, KEPT_BATCHES, () => {
    const parts = reads.map(
      (r, i) => `(SELECT row_to_json(x) FROM (${textOf(r).replace(/\$(\d)\b/g, (_, n: string) => `$${Number(n) + 3 * i}`)}) x)`,
    );
    return `SELECT json_build_array(${parts.join(', ')}) AS reads`;
  });
}
