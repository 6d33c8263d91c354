import { newRouter, route, send, str, toRest } from '../../app/rest';

/** An id sent either as text or as a populated object ({ _id }). */
function idOf(value: unknown): unknown {
  if (value && typeof value === 'object') return (value as { _id?: unknown; id?: unknown })._id ?? (value as { id?: unknown }).id;
  return value;
}

/** assessments.md section 7, Attendance. */
export function attendanceRouter() {
  const r = newRouter();
  r.get('/attendance/students/:classId/:subjectId/:academicYearId', route(async (req, res, actor, ctx) => {
    const { classId, subjectId, academicYearId } = req.params as Record<string, string>;
    send(res, await ctx.services.attendance.roster(actor, classId, subjectId, academicYearId));
  }));
  r.get('/attendance/class/:classId/subject/:subjectId/date/:date', route(async (req, res, actor, ctx) => {
    const { classId, subjectId, date } = req.params as Record<string, string>;
    send(res, await ctx.services.attendance.forDate(actor, classId, subjectId, date));
  }));
  r.post('/attendance/mark', route(async (req, res, actor, ctx) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const list = Array.isArray(body.attendanceRecords) ? body.attendanceRecords : body.attendanceRecords === undefined ? undefined : [];
    const result = await ctx.services.attendance.mark(actor, {
      classId: idOf(body.class),
      subjectId: idOf(body.subject),
      academicYearId: idOf(body.academicYear),
      date: body.date,
      records: list?.map((raw) => {
        const rec = (raw ?? {}) as Record<string, unknown>;
        return { studentId: idOf(rec.student), status: rec.status, notes: rec.notes, expectedVersion: rec.expectedVersion };
      }),
    });
    send(res, result.records, { message: result.message, updated: result.updated });
  }));
  r.get('/attendance/student', route(async (req, res, actor, ctx) => {
    const mine = await ctx.services.attendance.myAll(actor, { classId: str(req.query.class), subjectId: str(req.query.subject) });
    send(res, mine.records, { studentInfo: toRest(mine.studentInfo), summary: toRest(mine.summary) });
  }));
  r.get('/attendance/trend/:classId/:subjectId/:academicYearId', route(async (req, res, actor, ctx) => {
    const { classId, subjectId, academicYearId } = req.params as Record<string, string>;
    const weeks = str(req.query.weeks);
    send(res, await ctx.services.attendance.trend(actor, { classId, subjectId, academicYearId, weeks: weeks === undefined ? undefined : Number(weeks) }));
  }));
  return r;
}
