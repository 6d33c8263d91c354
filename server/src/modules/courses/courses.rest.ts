import { body, newRouter, param, route, send, str } from '../../core/rest';
import { restPage, restSlice } from '../../core/paging';
import { COURSE_PAGE } from './courses.types';
import { COURSE_TEXT as T } from './courses.validation';
import { presentCourse, presentCourseStudentInfo } from './courses.shape';

/** platform.md section 7 "Courses"; REST bodies name references by the spec's words (subject, class, academicYear). */
export function coursesRouter() {
  const r = newRouter();
  r.get(
    '/courses',
    route(async (req, res, actor, ctx) => {
      const code = str(req.query.code);
      const service = ctx.services.courses;
      // a code names at most one course per class and subject of a year: that list is read whole and cut
      const courses =
        code !== undefined
          ? restSlice(req, res, await service.byCode(actor, code, req.query.academicYearId))
          : await restPage(
              req,
              res,
              COURSE_PAGE,
              (w) => service.page(actor, w),
              () => service.list(actor),
            );
      send(
        res,
        courses.map((c) => presentCourse(actor, c)),
      );
    }),
  );
  r.get(
    '/courses/student/my-courses',
    route(async (_req, res, actor, ctx) => {
      send(
        res,
        (await ctx.services.courses.studentCourses(actor)).courses.map((c) => presentCourse(actor, c)),
      );
    }),
  );
  r.get(
    '/courses/student/all-courses',
    route(async (_req, res, actor, ctx) => {
      const { studentInfo, courses } = await ctx.services.courses.studentCourses(actor);
      send(
        res,
        courses.map((c) => presentCourse(actor, c)),
        { studentInfo: presentCourseStudentInfo(actor, studentInfo) },
      );
    }),
  );
  r.get(
    '/courses/teacher/:teacherId',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.courses.listOfTeacher(actor, param(req, 'teacherId'))).map((c) => presentCourse(actor, c)),
      );
    }),
  );
  r.get(
    '/courses/reuse/available/:subjectId',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.courses.reusable(actor, param(req, 'subjectId'))).map((c) => presentCourse(actor, c)),
      );
    }),
  );
  r.post(
    '/courses/reuse/clone/:courseId',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const course = await ctx.services.courses.clone(actor, param(req, 'courseId'), {
        newAcademicYearId: b.newAcademicYear,
        newClassId: b.newClass,
        newSubjectId: b.newSubject,
        title: b.title,
        description: b.description,
      });
      send(res, presentCourse(actor, course), { message: T.cloned }, 201);
    }),
  );
  r.get(
    '/courses/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentCourse(actor, await ctx.services.courses.get(actor, param(req, 'id'), ctx.loaders.courseFacts)));
    }),
  );
  r.post(
    '/courses',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const course = await ctx.services.courses.create(actor, {
        title: b.title,
        description: b.description,
        subjectId: b.subject,
        classId: b.class,
        academicYearId: b.academicYear,
      });
      send(res, presentCourse(actor, course), { message: T.created }, 201);
    }),
  );
  r.put(
    '/courses/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentCourse(actor, await ctx.services.courses.update(actor, param(req, 'id'), body(req))), { message: T.updated });
    }),
  );
  r.delete(
    '/courses/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.courses.delete(actor, param(req, 'id'));
      res.json({ success: true, message: T.deleted });
    }),
  );
  return r;
}
