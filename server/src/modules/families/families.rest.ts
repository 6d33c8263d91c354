import { body, newRouter, route, send, str } from '../../core/rest';
import { restPage, restSlice } from '../../core/paging';
import { ITEM_PAGE } from '../assessments';
import { ATTENDANCE_PAGE, presentAttendanceRecord, presentAttendanceStudentInfo, presentAttendanceSummary } from '../attendance';
import { presentCourse, presentCourseStudentInfo } from '../courses';
import { presentUser } from '../users';
import { presentChildAssessment, presentChildSummary, presentFamilyLink } from './families.shape';
import { FAMILY_TEXT } from './families.texts';

/** Families (issue 17; not in the spec): links between parents and students, and what a parent reads of a child. */
export function familiesRouter() {
  const r = newRouter();
  r.get(
    '/users/:id/family',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        (await ctx.services.families.linksOf(actor, req.params.id)).map((u) => presentUser(actor, u)),
      );
    }),
  );
  r.post(
    '/parents/:parentId/children',
    route(async (req, res, actor, ctx) => {
      const link = await ctx.services.families.link(actor, { parentId: req.params.parentId, studentId: body(req).studentId });
      send(res, presentFamilyLink(actor, link), { message: FAMILY_TEXT.linked }, 201);
    }),
  );
  r.delete(
    '/parents/:parentId/children/:studentId',
    route(async (req, res, actor, ctx) => {
      await ctx.services.families.unlink(actor, { parentId: req.params.parentId, studentId: req.params.studentId });
      res.json({ success: true, message: FAMILY_TEXT.unlinked });
    }),
  );
  r.get(
    '/parents/me/children',
    route(async (_req, res, actor, ctx) => {
      send(
        res,
        (await ctx.services.families.children.summaries(actor)).map((c) => presentChildSummary(actor, c)),
      );
    }),
  );
  r.get(
    '/students/:id/courses',
    route(async (req, res, actor, ctx) => {
      const { studentInfo, courses } = await ctx.services.families.children.courseList(actor, req.params.id);
      send(
        res,
        courses.map((c) => presentCourse(actor, c)),
        { studentInfo: presentCourseStudentInfo(actor, studentInfo) },
      );
    }),
  );
  r.get(
    '/students/:id/assessments',
    route(async (req, res, actor, ctx) => {
      const children = ctx.services.families.children;
      const items = await restPage(
        req,
        res,
        ITEM_PAGE,
        (w) => children.assessmentsPage(actor, req.params.id, w),
        () => children.assessments(actor, req.params.id),
      );
      send(
        res,
        items.map((a) => presentChildAssessment(actor, a)),
      );
    }),
  );
  r.get(
    '/students/:id/attendance',
    route(async (req, res, actor, ctx) => {
      const all = await ctx.services.families.children.attendanceAll(actor, req.params.id, {
        classId: str(req.query.class),
        subjectId: str(req.query.subject),
      });
      send(
        res,
        restSlice(req, res, all.records, ATTENDANCE_PAGE).map((rec) => presentAttendanceRecord(actor, rec)),
        {
          studentInfo: presentAttendanceStudentInfo(actor, all.studentInfo),
          summary: presentAttendanceSummary(actor, all.summary),
        },
      );
    }),
  );
  return r;
}
