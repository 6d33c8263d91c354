import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { AttendanceRecord } from './attendance.entity';
import { AttendancePerson } from './attendance.refs';
import {
  AttendanceAllocationArgs,
  AttendanceForDateArgs,
  AttendanceTrendArgs,
  AttendanceWeek,
  MarkAttendanceInput,
  MarkAttendancePayload,
  MyAttendance,
  MyAttendanceArgs,
} from './attendance.types';

@Resolver()
export class AttendanceResolver {
  @Query(() => [AttendancePerson], {
    description: 'Students placed in the class for the year, to mark (assigned teachers, SuperAdmin, Admin). REST: GET /api/attendance/students/{classId}/{subjectId}/{academicYearId}.',
  })
  attendanceRoster(@Args(() => AttendanceAllocationArgs) args: AttendanceAllocationArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.attendance.roster(requireActor(ctx), args.classId, args.subjectId, args.academicYearId);
  }

  @Query(() => [AttendanceRecord], {
    description: 'The records of a class and subject on one date; empty when the date is not marked yet. REST: GET /api/attendance/class/{classId}/subject/{subjectId}/date/{date}.',
  })
  attendanceForDate(@Args(() => AttendanceForDateArgs) args: AttendanceForDateArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.attendance.forDate(requireActor(ctx), args.classId, args.subjectId, args.date);
  }

  @Query(() => [AttendanceWeek], {
    description: 'Present, late and absent per week for a class and subject, oldest week first, ending with the current week. REST: GET /api/attendance/trend/{classId}/{subjectId}/{academicYearId}?weeks=.',
  })
  attendanceTrend(@Args(() => AttendanceTrendArgs) args: AttendanceTrendArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.attendance.trend(requireActor(ctx), args);
  }

  @Query(() => MyAttendance, {
    description: "The signed-in student's own records (paginated), summary, placement and filter options. REST: GET /api/attendance/student.",
  })
  myAttendance(@Args(() => MyAttendanceArgs) args: MyAttendanceArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.attendance.myPage(requireActor(ctx), args);
  }

  @Mutation(() => MarkAttendancePayload, {
    description: 'Mark a date for a class and subject, or update it when records exist, in one transaction. REST: POST /api/attendance/mark.',
  })
  markAttendance(@Arg('input', () => MarkAttendanceInput) input: MarkAttendanceInput, @Ctx() ctx: RequestContext) {
    return ctx.services.attendance.mark(requireActor(ctx), input);
  }
}
