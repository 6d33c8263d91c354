import { Arg, Args, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { PageArgs, toConnection, windowOf } from '../../core/paging';
import { ATTENDANCE_PAGE } from './attendance.service';
import { recordsWindow } from './attendance.window';
import { User } from '../users';
import { SchoolClass, Subject, AcademicYear } from '../academic';
import { AttendanceRecord } from './attendance.entity';
import {
  AttendanceAllocationArgs,
  AttendanceRecordConnection,
  AttendanceForDateArgs,
  AttendanceTrendArgs,
  asksPeopleOnly,
  AttendanceWeek,
  MarkAttendanceInput,
  MarkAttendancePayload,
  MyAttendance,
  MyAttendanceArgs,
} from './attendance.types';
import { PresentFirst } from '../../core/present-first';

@Resolver(() => AttendanceRecord)
export class AttendanceResolver {
  @Query(() => [User], {
    description:
      'Students placed in the class for the year, to mark (assigned teachers, SuperAdmin, Admin). REST: GET /api/attendance/students/{classId}/{subjectId}/{academicYearId}.',
  })
  attendanceRoster(
    @Args(() => AttendanceAllocationArgs) args: AttendanceAllocationArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.attendance.roster(
      actor,
      args.classId,
      args.subjectId,
      args.academicYearId,
      ctx.loaders.attendanceSheets,
      asksPeopleOnly(info),
    );
  }

  @Query(() => [AttendanceRecord], {
    description:
      'The records of a class and subject on one date; empty when the date is not marked yet. REST: GET /api/attendance/class/{classId}/subject/{subjectId}/date/{date}.',
  })
  attendanceForDate(
    @Args(() => AttendanceForDateArgs) args: AttendanceForDateArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.attendance.forDate(
      actor,
      args.classId,
      args.subjectId,
      args.date,
      ctx.loaders.attendanceSheets,
      asksPeopleOnly(info, [['student'], ['teacher']]),
    );
  }

  @Query(() => [AttendanceWeek], {
    description:
      'Present, late and absent per week for a class and subject, oldest week first, ending with the current week. REST: GET /api/attendance/trend/{classId}/{subjectId}/{academicYearId}?weeks=.',
  })
  attendanceTrend(@Args(() => AttendanceTrendArgs) args: AttendanceTrendArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.attendance.trend(actor, args);
  }

  @Query(() => MyAttendance, {
    description:
      "The signed-in student's own records (a page at a time), summary, placement and filter options. REST: GET /api/attendance/student.",
  })
  myAttendance(
    @Args(() => MyAttendanceArgs) args: MyAttendanceArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.attendance.myPage(actor, args, recordsWindow(info));
  }

  @Mutation(() => MarkAttendancePayload, {
    description:
      'Mark a date for a class and subject, or update it when records exist, in one transaction. REST: POST /api/attendance/mark.',
  })
  markAttendance(
    @Arg('input', () => MarkAttendanceInput) input: MarkAttendanceInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.attendance.mark(actor, input);
  }

  // lists join these in their one statement (returned as they are, without a promise); otherwise the
  // request's DataLoaders batch them
  @PresentFirst()
  @FieldResolver(() => User, { description: 'The student.' })
  student(@Root() r: AttendanceRecord, @Ctx() ctx: RequestContext) {
    return r.student ?? ctx.loaders.userById.load(r.studentId);
  }

  @PresentFirst()
  @FieldResolver(() => SchoolClass, { description: 'The class.' })
  class(@Root() r: AttendanceRecord, @Ctx() ctx: RequestContext) {
    return r.class ?? ctx.loaders.classById.load(r.classId);
  }

  @PresentFirst()
  @FieldResolver(() => Subject, { description: 'The subject.' })
  subject(@Root() r: AttendanceRecord, @Ctx() ctx: RequestContext) {
    return r.subject ?? ctx.loaders.subjectById.load(r.subjectId);
  }

  @PresentFirst()
  @FieldResolver(() => AcademicYear, { description: 'The academic year the record belongs to.' })
  academicYear(@Root() r: AttendanceRecord, @Ctx() ctx: RequestContext) {
    return r.academicYear ?? ctx.loaders.yearById.load(r.academicYearId);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The teacher who marked it last (null once their account is gone).' })
  teacher(@Root() r: AttendanceRecord, @Ctx() ctx: RequestContext) {
    if (r.teacher !== undefined) return r.teacher;
    return r.teacherId ? ctx.loaders.userById.load(r.teacherId) : null;
  }
}

@Resolver(() => MyAttendance)
export class MyAttendanceResolver {
  @FieldResolver(() => AttendanceRecordConnection, {
    description: 'The records matching the filters, newest date first, a page at a time: first 50 unless asked, at most 200.',
  })
  async records(@Root() mine: MyAttendance, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.attendance.recordsPage(mine, windowOf(args, ATTENDANCE_PAGE)));
  }

  @FieldResolver(() => User, {
    description: 'The student themselves: their class and academicYear are where they are placed now (assessments.md: studentInfo).',
  })
  studentInfo(@Root() mine: MyAttendance) {
    return mine.student;
  }

  @FieldResolver(() => [SchoolClass], { description: 'Every class the student has records in, by name (the Class filter).' })
  classes(@Root() mine: MyAttendance) {
    return mine.classes;
  }

  @FieldResolver(() => [Subject], { description: 'Every subject the student has records in, by name (the Subject filter).' })
  subjects(@Root() mine: MyAttendance) {
    return mine.subjects;
  }
}

@Resolver(() => MarkAttendancePayload)
export class MarkAttendancePayloadResolver {
  @FieldResolver(() => [AttendanceWeek], {
    description: 'The weekly trend of the class and subject after the marking, as attendanceTrend answers it (ask for the same weeks).',
  })
  trend(
    @Root() payload: MarkAttendancePayload,
    @Arg('weeks', () => Int, { defaultValue: 8, description: 'How many weeks, ending with the current one (1 to 52).' }) weeks: number,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    const { classId, subjectId, academicYearId } = payload;
    return ctx.services.attendance.trend(actor, { classId, subjectId, academicYearId, weeks });
  }
}
