import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AttendanceStatus } from './attendance-status';
import { AttendanceRecord } from './attendance.entity';
import { Connection } from '../../core/paging';
import type { LoadedRecord, OwnFilter } from './attendance.queries';
import type { PlacedStudent } from './attendance.reads';
import type { Page } from '../../core/paging';
import type { SchoolClass, Subject } from '../academic';
import type { GraphQLResolveInfo } from 'graphql';
import { asksOnly } from '../../core/selection';
import { PERSON_FIELDS } from '../../db/json-rows';

/**
 * Whether the operation asks, at each path of `at` under the field being resolved (the roster itself; a day's
 * records' student and teacher), for no field of a user beyond PERSON_FIELDS: the sheet's read then builds its
 * people lean (attendance.reads.ts).
 */
export const asksPeopleOnly = (info: GraphQLResolveInfo, at: ReadonlyArray<readonly string[]> = [[]]) =>
  at.every((path) => asksOnly(info, path, PERSON_FIELDS));

@InputType({ description: "One student's mark in a MarkAttendanceInput." })
export class AttendanceMarkInput {
  @Field(() => ID, { description: 'The student; must be placed in the class for the academic year.' })
  studentId: string;

  @Field(() => AttendanceStatus, { description: 'Present, Absent or Late.' })
  status: AttendanceStatus;

  @Field(() => String, { nullable: true, description: 'Optional note, at most 200 characters.' })
  notes?: string | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'The version of the record you loaded (0 when there was none). When given, a record changed by someone else since is refused with CONFLICT; omitted, the mark overwrites.',
  })
  expectedVersion?: number | null;
}

@InputType({ description: 'Marks (or updates) one date of a class and subject. REST: POST /api/attendance/mark.' })
export class MarkAttendanceInput {
  @Field(() => ID, { description: 'The class.' })
  classId: string;

  @Field(() => ID, { description: 'The subject.' })
  subjectId: string;

  @Field(() => ID, { description: 'The academic year; the class, subject and year must have an allocation (which teachers teach it).' })
  academicYearId: string;

  @Field({ description: 'The lesson day, YYYY-MM-DD; not in the future.' })
  date: string;

  @Field(() => [AttendanceMarkInput], { description: 'One entry per student; records already there for the date are updated.' })
  records: AttendanceMarkInput[];
}

@ObjectType({
  description:
    'The outcome of markAttendance: everything on the attendance page that the marking changes (the records of the date, ' +
    'with their students, and the weekly trend), so a client updates its cache from this answer alone.',
})
export class MarkAttendancePayload {
  /** The allocation marked (for the trend field). */
  classId: string;
  subjectId: string;
  academicYearId: string;

  @Field({ description: "'Attendance marked successfully!' or 'Attendance updated successfully!'." })
  message: string;

  @Field({ description: 'True when records already existed for the date, so the marking updated them.' })
  updated: boolean;

  @Field(() => [AttendanceRecord], { description: 'Every record of the class, subject and date after the marking.' })
  records: AttendanceRecord[];
}

@ArgsType()
export class AttendanceAllocationArgs {
  @Field(() => ID, { description: 'The class.' })
  classId: string;

  @Field(() => ID, { description: 'The subject.' })
  subjectId: string;

  @Field(() => ID, { description: 'The academic year.' })
  academicYearId: string;
}

@ArgsType()
export class AttendanceForDateArgs {
  @Field(() => ID, { description: 'The class.' })
  classId: string;

  @Field(() => ID, { description: 'The subject.' })
  subjectId: string;

  @Field({ description: 'The lesson day, YYYY-MM-DD.' })
  date: string;
}

@ArgsType()
export class AttendanceTrendArgs extends AttendanceAllocationArgs {
  @Field(() => Int, { defaultValue: 8, description: 'How many weeks, ending with the current one (1 to 52).' })
  weeks: number;
}

@ArgsType()
export class MyAttendanceArgs {
  @Field(() => ID, { nullable: true, description: 'Only records of this class.' })
  classId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only records of this subject.' })
  subjectId?: string | null;
}

export const AttendanceRecordConnection = Connection(AttendanceRecord, 'AttendanceRecord', 'attendance records, newest date first');

@ObjectType({ description: 'Counts and rate over a set of attendance records.' })
export class AttendanceSummary {
  @Field(() => Int, { description: 'Records in the set.' })
  total: number;

  @Field(() => Int, { description: 'Present records.' })
  present: number;

  @Field(() => Int, { description: 'Absent records.' })
  absent: number;

  @Field(() => Int, { description: 'Late records.' })
  late: number;

  @Field(() => Int, { description: 'The rate: round((present + late) / total * 100); 0 when there are no records.' })
  rate: number;
}

/**
 * The signed-in student's own attendance. REST: GET /api/attendance/student. `studentInfo`, `classes`,
 * `subjects` and the first page of `records` are read in one statement with the summary (attendance.reads.ts)
 * and kept here as plain objects that the field resolvers answer as they are.
 */
@ObjectType({ description: "The signed-in student's own attendance. REST: GET /api/attendance/student." })
export class MyAttendance {
  @Field(() => AttendanceSummary, { description: 'Counts and rate over every record matching the filters.' })
  summary: AttendanceSummary;

  /** The student. */
  studentId: string;

  /** Whose records these are and which, as the query authorized them: the records field pages through them. */
  filter: OwnFilter;

  /** The student with where they are placed now (null once the account is gone). */
  student: PlacedStudent | null;

  /** The classes and subjects the student has records in, by name. */
  classes: SchoolClass[];
  subjects: Subject[];

  /** The page of records read with the rest, for the window the query's `records` field names (recordsWindow); null when it names none. */
  page: Page<LoadedRecord> | null;
}

@ObjectType({ description: 'Attendance of one week in a class and subject.' })
export class AttendanceWeek {
  @Field(() => ID, { description: 'Stable id of this week of this class and subject, so client caches keep one copy of it.' })
  id: string;

  @Field({ description: 'The Monday that starts the week, YYYY-MM-DD.' })
  weekStart: string;

  @Field(() => Int, { description: 'Present records in the week.' })
  present: number;

  @Field(() => Int, { description: 'Late records in the week.' })
  late: number;

  @Field(() => Int, { description: 'Absent records in the week.' })
  absent: number;

  @Field(() => Int, { description: 'The rate of the week: round((present + late) / total * 100); 0 without records.' })
  rate: number;
}
