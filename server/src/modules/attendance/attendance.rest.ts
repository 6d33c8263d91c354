import { unwrapId } from '../../core/input';
import { body, newRouter, route, send, str } from '../../core/rest';
import { restSlice } from '../../core/paging';
import { ATTENDANCE_PAGE } from './attendance.service';
import {
  presentAttendanceRecord,
  presentAttendanceStudentInfo,
  presentAttendanceSummary,
  presentAttendanceWeek,
  presentRosterStudent,
} from './attendance.shape';

/** assessments.md section 7, Attendance. */
export function attendanceRouter() {
  const r = newRouter();
  r.get(
    '/attendance/students/:classId/:subjectId/:academicYearId',
    route(async (req, res, actor, ctx) => {
      const { classId, subjectId, academicYearId } = req.params as Record<string, string>;
      send(
        res,
        (await ctx.services.attendance.roster(actor, classId, subjectId, academicYearId)).map((u) => presentRosterStudent(actor, u)),
      );
    }),
  );
  r.get(
    '/attendance/class/:classId/subject/:subjectId/date/:date',
    route(async (req, res, actor, ctx) => {
      const { classId, subjectId, date } = req.params as Record<string, string>;
      send(
        res,
        (await ctx.services.attendance.forDate(actor, classId, subjectId, date)).map((rec) => presentAttendanceRecord(actor, rec)),
      );
    }),
  );
  r.post(
    '/attendance/mark',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const list = Array.isArray(b.attendanceRecords) ? b.attendanceRecords : b.attendanceRecords === undefined ? undefined : [];
      const result = await ctx.services.attendance.mark(actor, {
        classId: unwrapId(b.class),
        subjectId: unwrapId(b.subject),
        academicYearId: unwrapId(b.academicYear),
        date: b.date,
        records: list?.map((raw) => {
          const rec = (raw ?? {}) as Record<string, unknown>;
          return { studentId: unwrapId(rec.student), status: rec.status, notes: rec.notes, expectedVersion: rec.expectedVersion };
        }),
      });
      send(
        res,
        result.records.map((rec) => presentAttendanceRecord(actor, rec)),
        { message: result.message, updated: result.updated },
      );
    }),
  );
  r.get(
    '/attendance/student',
    route(async (req, res, actor, ctx) => {
      const mine = await ctx.services.attendance.myAll(actor, { classId: str(req.query.class), subjectId: str(req.query.subject) });
      // the summary stays over every record; ?limit=&offset= pages the records only
      send(
        res,
        restSlice(req, res, mine.records, ATTENDANCE_PAGE).map((rec) => presentAttendanceRecord(actor, rec)),
        {
          studentInfo: presentAttendanceStudentInfo(actor, mine.studentInfo),
          summary: presentAttendanceSummary(actor, mine.summary),
        },
      );
    }),
  );
  r.get(
    '/attendance/trend/:classId/:subjectId/:academicYearId',
    route(async (req, res, actor, ctx) => {
      const { classId, subjectId, academicYearId } = req.params as Record<string, string>;
      const weeks = str(req.query.weeks);
      const trend = await ctx.services.attendance.trend(actor, {
        classId,
        subjectId,
        academicYearId,
        weeks: weeks === undefined ? undefined : Number(weeks),
      });
      send(
        res,
        trend.map((w) => presentAttendanceWeek(actor, w)),
      );
    }),
  );
  return r;
}
