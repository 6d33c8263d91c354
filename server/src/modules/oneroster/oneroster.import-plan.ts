import type { DataSource } from 'typeorm';

// What an import plans against and answers (oneroster.import.ts plans, oneroster.import-apply.ts writes): the
// school's rows as the plan compares them, the plan itself and the report a person reads before applying it.

export interface Problem {
  file: string;
  line: number;
  reason: string;
}
export type ChangeKind = 'created' | 'changed' | 'deactivated' | 'unchanged';
export interface Count {
  object: string;
  created: number;
  changed: number;
  deactivated: number;
  unchanged: number;
}
export interface ImportReport {
  /** The manifest's source.systemName: the system the zip came from. */
  source: string;
  files: Array<{ name: string; mode: string }>;
  counts: Count[];
  problems: Problem[];
  /** Problems beyond the first 1,000 are counted, not listed. */
  moreProblems: number;
  applied: boolean;
}

export interface Existing {
  years: Array<{ id: string; sid: string; year: string; start: string | null; end: string | null }>;
  periods: Array<{
    id: string;
    sid: string;
    yearId: string;
    type: string;
    title: string;
    start: string;
    end: string;
    parentId: string | null;
    fromSis: boolean;
  }>;
  subjects: Array<{ id: string; sid: string; name: string }>;
  classes: Array<{ id: string; name: string; grade: string; yearId: string }>;
  allocations: Array<{ id: string; sid: string; classId: string; subjectId: string; yearId: string; fromSis: boolean }>;
  users: Array<{
    id: string;
    sid: string;
    email: string;
    firstName: string;
    lastName: string;
    role: string;
    classId: string | null;
    yearId: string | null;
    fromSis: boolean;
    deactivated: boolean;
  }>;
  links: Array<{ parentId: string; studentId: string }>;
  teaching: Array<{ allocationId: string; teacherId: string }>;
  /** The sourcedIds SIS gave to a subject at a grade (oneroster_courses). */
  courses: Array<{ sid: string; subjectId: string; grade: string }>;
  school: string;
  orgs: Array<{ sid: string; name: string; identifier: string; type: string }>;
}

export async function loadExisting(ds: DataSource): Promise<Existing> {
  const q = (sql: string) => ds.query(sql);
  const [years, periods, subjects, classes, allocations, users, links, teaching, orgs, courses] = await Promise.all([
    q(
      `SELECT id, coalesce(sourced_id, id::text) AS sid, year, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS "end" FROM academic_years`,
    ),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, academic_year_id AS "yearId", type, title, to_char(start_date, 'YYYY-MM-DD') AS start,
         to_char(end_date, 'YYYY-MM-DD') AS "end", parent_id AS "parentId", sourced_id IS NOT NULL AS "fromSis" FROM academic_periods`),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, name FROM subjects`),
    q(`SELECT id, name, grade, academic_year_id AS "yearId" FROM classes`),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, class_id AS "classId", subject_id AS "subjectId", academic_year_id AS "yearId",
         sourced_id IS NOT NULL AS "fromSis" FROM allocations`),
    q(`SELECT id, coalesce(sourced_id, id::text) AS sid, email, first_name AS "firstName", last_name AS "lastName", role, class_id AS "classId",
         academic_year_id AS "yearId", sourced_id IS NOT NULL AS "fromSis", deactivated_at IS NOT NULL AS deactivated FROM users`),
    q(`SELECT parent_id AS "parentId", student_id AS "studentId" FROM parent_students`),
    q(`SELECT allocation_id AS "allocationId", teacher_id AS "teacherId" FROM allocation_teachers`),
    q(`SELECT sourced_id AS sid, name, identifier, type FROM oneroster_orgs ORDER BY type DESC`),
    q(`SELECT sourced_id AS sid, subject_id AS "subjectId", grade FROM oneroster_courses`),
  ]);
  const school = (orgs as Array<{ sid: string; type: string }>).find((o) => o.type === 'school')!;
  return { years, periods, subjects, classes, allocations, users, links, teaching, courses, school: school.sid, orgs } as Existing;
}

/** What applying the plan writes, in dependency order; new rows carry ids made here, so references need no lookups. */
export interface Plan {
  school: { sid: string; name: string; identifier: string } | null;
  district: { sid: string; name: string; identifier: string } | null;
  years: Array<{ id: string; sid: string | null; year: string; start: string; end: string; isNew: boolean }>;
  periods: Array<{
    id: string;
    sid: string;
    yearId: string;
    parentId: string | null;
    type: string;
    title: string;
    start: string;
    end: string;
    isNew: boolean;
  }>;
  subjects: Array<{ id: string; name: string }>;
  classes: Array<{ id: string; name: string; grade: string; yearId: string }>;
  allocations: Array<{ id: string; sid: string; classId: string; subjectId: string; yearId: string; isNew: boolean }>;
  newUsers: Array<{ id: string; sid: string; email: string; firstName: string; lastName: string; role: string }>;
  changedUsers: Array<{ id: string; sid: string; email: string; firstName: string; lastName: string }>;
  links: Array<{ parentId: string; studentId: string }>;
  teaching: Array<{ allocationId: string; teacherId: string }>;
  untaught: Array<{ allocationId: string; teacherId: string }>;
  placements: Array<{ userId: string; classId: string | null; yearId: string | null }>;
  /** The sourcedId an SIS gave a subject at a grade (a course), to keep. */
  courseSids: Array<{ sid: string; subjectId: string; grade: string }>;
  /** Bulk mode: what came from the SIS (a sourcedId of its own) and its new file no longer lists, or rows marked tobedeleted. */
  removedPeriods: string[];
  removedAllocations: string[];
  unlinked: Array<{ parentId: string; studentId: string }>;
  deactivatedUsers: string[];
  reactivatedUsers: string[];
}
