import { DataSource } from 'typeorm';
import { DomainError, conflict, notFound, validation } from '../../errors/domain-error';
import { Actor, authorize, can } from '../../policies';
import { assertId, isId } from '../../core/ids';
import { Page, PageLimits, PageWindow } from '../../core/paging';
import { User } from '../users';
import { Allocation, LoadedRecord, OwnFilter, Placement } from './attendance.queries';
import { SheetRead } from './attendance.reads';
import {
  findAllocation,
  lockSheet,
  ownAttendance,
  placedStudentIds,
  recordVersionsForDate,
  recordsOfDate,
  rosterWithAllocation,
  sheetWithAllocation,
  upsertSheet,
  weeklyCounts,
} from './attendance.repository';
import { AttendanceSummary, AttendanceWeek, MarkAttendancePayload, MyAttendance } from './attendance.types';
import {
  ATTENDANCE_TEXT as T,
  AttendanceCounts,
  MarkInputLike,
  attendanceRate,
  parseDate,
  validateMark,
  validateWeeks,
} from './attendance.validation';

/** The request's batch of allocation reads (attendance.loaders.ts): the sheet's two lists in one statement. */
export interface SheetSource {
  load(read: SheetRead): Promise<{ allocation: Allocation; rows: unknown[] } | null>;
}

/** A page of attendance records: 50 unless asked, at most 200. */
export const ATTENDANCE_PAGE: PageLimits = { max: 200, size: 50 };

export interface OwnListFilter {
  classId?: string | null;
  subjectId?: string | null;
}

function summaryOf(counts: AttendanceCounts): AttendanceSummary {
  return Object.assign(new AttendanceSummary(), {
    ...counts,
    total: counts.present + counts.absent + counts.late,
    rate: attendanceRate(counts),
  });
}

/** The student is always the actor: no filter can reach another student's records. */
function ownFilter(studentId: string, f: OwnListFilter): OwnFilter {
  const bad = (v: unknown) => v !== undefined && v !== null && v !== '' && !isId(v);
  if (bad(f.classId) || bad(f.subjectId)) throw validation(T.filterInvalid);
  return { studentId, classId: f.classId || null, subjectId: f.subjectId || null };
}

/**
 * Attendance (assessments.md sections 2-9). A class's attendance is kept per subject and date; teachers
 * assigned to the class and subject (and academic managers) read and mark it; a student reads their own.
 */
export class AttendanceService {
  constructor(
    private readonly ds: DataSource,
    /** The server clock; tests may pin it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Students and parents never see class attendance: a role-level refusal, before any read. */
  private requireStaff(actor: Actor, message: string = T.staffOnly): void {
    if (!can(actor, 'attendance.staff')) throw new DomainError('FORBIDDEN', message);
  }

  /** The allocation the reads are checked on; a teacher of another class gets "not found", as if it did not exist. */
  private readableAllocation(actor: Actor, allocation: Allocation | null): Allocation {
    if (!allocation) throw notFound(T.allocationNotFound);
    authorize(actor, 'attendance.mark', allocation, { as: 'notFound', message: T.allocationNotFound });
    return allocation;
  }

  /**
   * The students to mark: those placed in the class for the year (GET /attendance/students/...). One statement
   * reads the allocation with its roster; the roster is answered only once the allocation is readable. `lean`
   * (through `source` only): the students with PERSON_FIELDS alone (db/json-rows.ts), for an operation that asks no more.
   */
  async roster(
    actor: Actor,
    classId: string,
    subjectId: string,
    academicYearId: string,
    source?: SheetSource,
    lean = false,
  ): Promise<User[]> {
    this.requireStaff(actor);
    [classId, subjectId, academicYearId].forEach((id) => assertId(id, T.allocationNotFound));
    const found = source
      ? ((await source.load({ kind: 'roster', params: [classId, subjectId, academicYearId], lean })) as {
          allocation: Allocation;
          rows: User[];
        } | null)
      : await rosterWithAllocation(this.ds.manager, classId, subjectId, academicYearId);
    this.readableAllocation(actor, found?.allocation ?? null);
    return found!.rows;
  }

  /** The records of one class, subject and date; empty means the form is in "mark" mode. One statement, as roster (`lean`: their students and teachers). */
  async forDate(
    actor: Actor,
    classId: string,
    subjectId: string,
    date: string,
    source?: SheetSource,
    lean = false,
  ): Promise<LoadedRecord[]> {
    this.requireStaff(actor);
    assertId(classId, T.allocationNotFound);
    assertId(subjectId, T.allocationNotFound);
    // reading a future date is harmless (it has no records); only its form is checked
    const day = parseDate(date);
    const found = source
      ? ((await source.load({ kind: 'sheet', params: [classId, subjectId, day], lean })) as {
          allocation: Allocation;
          rows: LoadedRecord[];
        } | null)
      : await sheetWithAllocation(this.ds.manager, classId, subjectId, day);
    this.readableAllocation(actor, found?.allocation ?? null);
    return found!.rows;
  }

  /**
   * Marks a date in one transaction: inserts new records and updates existing ones on the unique key.
   * Only the assigned teachers (or academic managers) may, only for students placed in the class and year.
   */
  async mark(actor: Actor, input: MarkInputLike): Promise<Omit<MarkAttendancePayload, 'records'> & { records: LoadedRecord[] }> {
    this.requireStaff(actor, T.cannotMark);
    const fields = validateMark(input, this.now());
    const updated = await this.ds.transaction(async (m) => {
      const allocation = await findAllocation(m, fields.classId, fields.subjectId, fields.academicYearId);
      if (!allocation) throw notFound(T.allocationNotFound);
      authorize(actor, 'attendance.mark', allocation, { message: T.cannotMark });
      const ids = fields.records.map((r) => r.studentId);
      const placed = await placedStudentIds(m, ids, fields.classId, fields.academicYearId);
      if (placed.size !== ids.length) throw validation(T.notInClass, 'records');
      await lockSheet(m, fields.classId, fields.subjectId, fields.date);
      const versions = await recordVersionsForDate(m, fields.classId, fields.subjectId, fields.date);
      // a client that says which version it saw is refused when someone changed the record since
      const stale = fields.records.some((r) => r.expectedVersion !== undefined && (versions.get(r.studentId) ?? 0) !== r.expectedVersion);
      if (stale) throw conflict(T.changedMeanwhile);
      await upsertSheet(m, { ...fields, teacherId: actor.userId }, fields.records);
      return versions.size > 0;
    });
    const records = await recordsOfDate(this.ds.manager, fields.classId, fields.subjectId, fields.date);
    const { classId, subjectId, academicYearId } = fields;
    return { classId, subjectId, academicYearId, updated, message: updated ? T.updated : T.marked, records };
  }

  /** Present, late and absent per week for the teacher's chart. */
  async trend(
    actor: Actor,
    args: { classId: string; subjectId: string; academicYearId: string; weeks?: number },
  ): Promise<AttendanceWeek[]> {
    this.requireStaff(actor);
    [args.classId, args.subjectId, args.academicYearId].forEach((id) => assertId(id, T.allocationNotFound));
    const weeks = validateWeeks(args.weeks);
    const m = this.ds.manager;
    const allocation = this.readableAllocation(actor, await findAllocation(m, args.classId, args.subjectId, args.academicYearId));
    const today = this.now().toISOString().slice(0, 10);
    const rows = await weeklyCounts(m, allocation, today, weeks);
    // one id per week of a class and subject (a class belongs to one year), whatever the number of weeks asked
    const id = (w: { weekStart: string }) => `${allocation.classId}:${allocation.subjectId}:${w.weekStart}`;
    return rows.map((w) => Object.assign(new AttendanceWeek(), { id: id(w), ...w, rate: attendanceRate(w) }));
  }

  private requireStudent(actor: Actor): void {
    authorize(actor, 'attendance.readOwn', undefined, { message: T.studentsOnly });
  }

  /**
   * The student's own attendance (GraphQL): the summary, placement, filter options and, when the query's
   * `records` field names its window (recordsWindow), that page of records, in one statement.
   */
  myPage(actor: Actor, f: OwnListFilter, window: PageWindow | null = null): Promise<MyAttendance> {
    this.requireStudent(actor);
    return this.studentPage(actor.userId, f, window);
  }

  /**
   * myPage for one student, named: the caller has authorized reading this student ('attendance.readOwn' for the
   * student, 'family.readStudentView' for a linked parent or an administrator), so no actor stands in for them.
   */
  async studentPage(studentId: string, f: OwnListFilter, window: PageWindow | null = null): Promise<MyAttendance> {
    const filter = ownFilter(studentId, f);
    // without a window the statement reads no record (LIMIT 0), only what the page shows beside them
    const own = await ownAttendance(this.ds.manager, filter, window ?? { offset: 0, limit: 0 });
    const summary = summaryOf(own.counts);
    return Object.assign(new MyAttendance(), {
      summary,
      studentId,
      filter,
      student: own.student,
      classes: own.classes,
      subjects: own.subjects,
      page: window ? { items: own.records, total: summary.total, window } : null,
    });
  }

  /** A page of the records myPage authorized, newest date first: the one myPage read, else one statement (the total is the summary's). */
  async recordsPage(mine: MyAttendance, window: PageWindow): Promise<Page<LoadedRecord>> {
    const read = mine.page;
    if (read && read.window.offset === window.offset && read.window.limit === window.limit) return read;
    return { items: (await ownAttendance(this.ds.manager, mine.filter, window)).records, total: mine.summary.total, window };
  }

  /** Every own record (the spec's REST client reads whole lists), with studentInfo and the summary. */
  myAll(actor: Actor, f: OwnListFilter): Promise<{ records: LoadedRecord[]; studentInfo: Placement; summary: AttendanceSummary }> {
    this.requireStudent(actor);
    return this.studentAll(actor.userId, f);
  }

  /** myAll for one student, named, authorized by the caller as studentPage is. */
  async studentAll(
    studentId: string,
    f: OwnListFilter,
  ): Promise<{ records: LoadedRecord[]; studentInfo: Placement; summary: AttendanceSummary }> {
    const own = await ownAttendance(this.ds.manager, ownFilter(studentId, f), null);
    const studentInfo = { class: own.student?.class ?? null, academicYear: own.student?.academicYear ?? null };
    return { records: own.records, studentInfo, summary: summaryOf(own.counts) };
  }
}
