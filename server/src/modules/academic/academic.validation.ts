import { QueryFailedError } from 'typeorm';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { isId } from '../../app/ids';

/** Every text of the academic structure; platform.md section 5 names the required fields, not the texts. */
export const ACADEMIC_TEXT = {
  yearRequired: 'Year is required',
  academicYearRequired: 'Academic year is required',
  classNameRequired: 'Class name is required',
  gradeRequired: 'Grade is required',
  subjectNameRequired: 'Subject name is required',
  classRequired: 'Class is required',
  subjectRequired: 'Subject is required',
  teacherRequired: 'Please select at least one teacher',
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters`,
  notBoolean: (field: string) => `${field} must be true or false`,
  yearNotFound: 'Academic year not found',
  classNotFound: 'Class not found',
  subjectNotFound: 'Subject not found',
  assignmentNotFound: 'Teacher assignment not found',
  userNotFound: 'User not found',
  teacherNotFound: 'One or more of the selected teachers were not found',
  notATeacher: (name: string) => `${name} is not a teacher; only users with the Teacher role can be assigned`,
  yearTaken: (year: string) => `Academic year ${year} already exists`,
  classTaken: (name: string) => `A class named ${name} already exists in this academic year`,
  subjectTaken: (name: string) => `A subject named ${name} already exists`,
  assignmentTaken: 'This subject already has a teacher assignment for this class and academic year',
  classYearMismatch: 'The selected class does not belong to the selected academic year',
  yearInUse: (year: string, classes: number) =>
    `Cannot delete academic year ${year}: it still has ${plural(classes, 'class', 'classes')}. Delete or move them first.`,
  classInUse: (name: string, students: number, assignments: number) =>
    `Cannot delete ${name}: ${[
      students ? `${plural(students, 'student is', 'students are')} assigned to it` : '',
      assignments ? `it has ${plural(assignments, 'teacher assignment', 'teacher assignments')}` : '',
    ].filter(Boolean).join(' and ')}. Move or remove them first.`,
  subjectInUse: (name: string, assignments: number) =>
    `Cannot delete ${name}: it is used by ${plural(assignments, 'teacher assignment', 'teacher assignments')}. Remove them first.`,
  stillUsed: (what: string) => `Cannot delete ${what}: other records still use it. Remove them first.`,
  classCannotMove: (name: string) =>
    `Cannot move ${name} to another academic year: it has students or teacher assignments`,
  changedMeanwhile: (what: string) => `This ${what} was changed by someone else. Reload it and try again.`,
  cannotManage: 'Only SuperAdmin and Admin can change academic years, classes, subjects and teacher assignments',
  ownAssignmentsOnly: 'You can only view your own teacher assignments',
  cannotPlace: 'You do not have permission to assign students to classes',
  onlyStudents: 'Only students can be assigned to a class and academic year',
  notYourClass: 'You can only assign students to classes and academic years you teach',
  placed: 'Student assignment updated successfully',
  yearCreated: 'Academic year created successfully',
  yearUpdated: 'Academic year updated successfully',
  yearDeleted: 'Academic year deleted successfully',
  classCreated: 'Class created successfully',
  classUpdated: 'Class updated successfully',
  classDeleted: 'Class deleted successfully',
  subjectCreated: 'Subject created successfully',
  subjectUpdated: 'Subject updated successfully',
  subjectDeleted: 'Subject deleted successfully',
  assignmentCreated: 'Teacher assignment created successfully',
  assignmentUpdated: 'Teacher assignment updated successfully',
  assignmentDeleted: 'Teacher assignment deleted successfully',
} as const;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const given = (v: unknown) => v !== undefined;

/** A required text: trimmed, present, within its length. */
export function requiredText(v: unknown, required: string, field: string, max: number): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw validation(required);
  if (s.length > max) throw validation(ACADEMIC_TEXT.tooLong(field, max));
  return s;
}

/** A required text on update: absent means unchanged, present must not be blank. */
export function optionalRequiredText(v: unknown, required: string, field: string, max: number): string | undefined {
  return given(v) ? requiredText(v, required, field, max) : undefined;
}

/** Free text: absent is unchanged (undefined), null or blank is empty. */
export function freeText(v: unknown, field: string, max: number): string | undefined {
  if (!given(v)) return undefined;
  if (v === null) return '';
  const s = typeof v === 'string' ? v.trim() : String(v).trim();
  if (s.length > max) throw validation(ACADEMIC_TEXT.tooLong(field, max));
  return s;
}

export function flag(v: unknown, field: string): boolean | undefined {
  if (!given(v) || v === null) return undefined;
  if (typeof v !== 'boolean') throw validation(ACADEMIC_TEXT.notBoolean(field));
  return v;
}

/**
 * A reference to another record (REST sends the id, tolerantly also {_id}). Blank means missing; an id
 * that cannot exist is answered like a missing record.
 */
export function refId(v: unknown, required: string, missing: string): string {
  const raw = v && typeof v === 'object' ? ((v as { _id?: unknown; id?: unknown })._id ?? (v as { id?: unknown }).id) : v;
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) throw validation(required);
  if (!isId(raw)) throw notFound(missing);
  return raw;
}

export function optionalRefId(v: unknown, required: string, missing: string): string | undefined {
  return given(v) ? refId(v, required, missing) : undefined;
}

/** Optional version for an optimistic-concurrency check. */
export function versionOf(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw validation('Version must be a whole number');
  return v;
}

function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  if (!(err instanceof QueryFailedError)) return undefined;
  return err.driverError as { code?: string; constraint?: string };
}

/** Turns the unique violation of a known constraint into its text; anything else is rethrown unchanged. */
export function rethrowUnique(err: unknown, texts: Record<string, string>): never {
  const pg = pgError(err);
  if (pg?.code === '23505' && pg.constraint && texts[pg.constraint]) throw conflict(texts[pg.constraint]);
  throw err;
}

/** A delete blocked by a foreign key we did not count ourselves (a later domain's rows). */
export function isStillReferenced(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}

