import { type Body, body, done, newRouter, param, route, send, str } from '../../app/rest';
import { restSlice } from '../../app/paging';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { presentAllocation, presentClass, presentPeriod, presentPlacedUser, presentSubject, presentYear } from './academic.shape';

// REST bodies name references by the spec's words (academicYear, class, subject, teachers); services use ids
const classInput = (b: Body) => ({ ...b, academicYearId: b.academicYear });
const periodInput = (b: Body) => ({ ...b, parentId: b.parent });
const allocationInput = (b: Body) => ({ academicYearId: b.academicYear, classId: b.class, subjectId: b.subject, teacherIds: b.teachers, version: b.version });

/** platform.md section 7 "Academic structure", and PUT /users/{id} {class, academicYear} (student placement). */
export function academicRouter() {
  const r = newRouter();

  r.get('/academic-years', route(async (req, res, actor, ctx) => {
    send(res, restSlice(req, res, await ctx.services.academic.years.list(actor)).map((x) => presentYear(actor, x)));
  }));
  r.get('/academic-years/:id', route(async (req, res, actor, ctx) => {
    send(res, presentYear(actor, await ctx.services.academic.years.get(actor, param(req))));
  }));
  r.post('/academic-years', route(async (req, res, actor, ctx) => {
    send(res, presentYear(actor, await ctx.services.academic.years.create(actor, body(req))), { message: T.yearCreated }, 201);
  }));
  r.put('/academic-years/:id', route(async (req, res, actor, ctx) => {
    send(res, presentYear(actor, await ctx.services.academic.years.update(actor, param(req), body(req))), { message: T.yearUpdated });
  }));
  r.delete('/academic-years/:id', route(async (req, res, actor, ctx) => {
    await ctx.services.academic.years.delete(actor, param(req));
    done(res, T.yearDeleted);
  }));

  // a year's terms and grading periods (GraphQL AcademicYear.periods and the *AcademicPeriod mutations)
  r.get('/academic-years/:id/periods', route(async (req, res, actor, ctx) => {
    send(res, (await ctx.services.academic.periods.listOfYear(actor, param(req))).map((x) => presentPeriod(actor, x)));
  }));
  r.post('/academic-years/:id/periods', route(async (req, res, actor, ctx) => {
    const input = { ...periodInput(body(req)), academicYearId: param(req) };
    send(res, presentPeriod(actor, await ctx.services.academic.periods.create(actor, input)), { message: T.periodCreated }, 201);
  }));
  r.put('/academic-periods/:id', route(async (req, res, actor, ctx) => {
    send(res, presentPeriod(actor, await ctx.services.academic.periods.update(actor, param(req), periodInput(body(req)))), { message: T.periodUpdated });
  }));
  r.delete('/academic-periods/:id', route(async (req, res, actor, ctx) => {
    await ctx.services.academic.periods.delete(actor, param(req));
    done(res, T.periodDeleted);
  }));

  r.get('/classes', route(async (req, res, actor, ctx) => {
    send(res, restSlice(req, res, await ctx.services.academic.classes.list(actor, { academicYearId: str(req.query.academicYear) })).map((x) => presentClass(actor, x)));
  }));
  r.get('/classes/academic-year/:yearId', route(async (req, res, actor, ctx) => {
    send(res, restSlice(req, res, await ctx.services.academic.classes.listOfYear(actor, param(req, 'yearId'))).map((x) => presentClass(actor, x)));
  }));
  r.get('/classes/:id', route(async (req, res, actor, ctx) => {
    send(res, presentClass(actor, await ctx.services.academic.classes.get(actor, param(req))));
  }));
  r.post('/classes', route(async (req, res, actor, ctx) => {
    send(res, presentClass(actor, await ctx.services.academic.classes.create(actor, classInput(body(req)))), { message: T.classCreated }, 201);
  }));
  r.put('/classes/:id', route(async (req, res, actor, ctx) => {
    send(res, presentClass(actor, await ctx.services.academic.classes.update(actor, param(req), classInput(body(req)))), { message: T.classUpdated });
  }));
  r.delete('/classes/:id', route(async (req, res, actor, ctx) => {
    await ctx.services.academic.classes.delete(actor, param(req));
    done(res, T.classDeleted);
  }));

  r.get('/subjects', route(async (req, res, actor, ctx) => {
    send(res, restSlice(req, res, await ctx.services.academic.subjects.list(actor)).map((x) => presentSubject(actor, x)));
  }));
  r.get('/subjects/:id', route(async (req, res, actor, ctx) => {
    send(res, presentSubject(actor, await ctx.services.academic.subjects.get(actor, param(req))));
  }));
  r.post('/subjects', route(async (req, res, actor, ctx) => {
    send(res, presentSubject(actor, await ctx.services.academic.subjects.create(actor, body(req))), { message: T.subjectCreated }, 201);
  }));
  r.put('/subjects/:id', route(async (req, res, actor, ctx) => {
    send(res, presentSubject(actor, await ctx.services.academic.subjects.update(actor, param(req), body(req))), { message: T.subjectUpdated });
  }));
  r.delete('/subjects/:id', route(async (req, res, actor, ctx) => {
    await ctx.services.academic.subjects.delete(actor, param(req));
    done(res, T.subjectDeleted);
  }));

  r.get('/teacher-assignments', route(async (req, res, actor, ctx) => {
    const filter = { classId: str(req.query.class), academicYearId: str(req.query.academicYear), teacherId: str(req.query.teacher) };
    send(res, restSlice(req, res, await ctx.services.academic.allocations.list(actor, filter)).map((x) => presentAllocation(actor, x)));
  }));
  r.get('/teacher-assignments/class/:classId', route(async (req, res, actor, ctx) => {
    const filter = { classId: param(req, 'classId'), academicYearId: str(req.query.academicYear) };
    send(res, restSlice(req, res, await ctx.services.academic.allocations.list(actor, filter)).map((x) => presentAllocation(actor, x)));
  }));
  r.get('/teacher-assignments/teacher/:teacherId', route(async (req, res, actor, ctx) => {
    send(res, restSlice(req, res, await ctx.services.academic.allocations.list(actor, { teacherId: param(req, 'teacherId') })).map((x) => presentAllocation(actor, x)));
  }));
  r.get('/teacher-assignments/:id', route(async (req, res, actor, ctx) => {
    send(res, presentAllocation(actor, await ctx.services.academic.allocations.get(actor, param(req))));
  }));
  r.post('/teacher-assignments', route(async (req, res, actor, ctx) => {
    const created = await ctx.services.academic.allocations.create(actor, allocationInput(body(req)));
    send(res, presentAllocation(actor, created), { message: T.allocationCreated }, 201);
  }));
  r.put('/teacher-assignments/:id', route(async (req, res, actor, ctx) => {
    const updated = await ctx.services.academic.allocations.update(actor, param(req), allocationInput(body(req)));
    send(res, presentAllocation(actor, updated), { message: T.allocationUpdated });
  }));
  r.delete('/teacher-assignments/:id', route(async (req, res, actor, ctx) => {
    await ctx.services.academic.allocations.delete(actor, param(req));
    done(res, T.allocationDeleted);
  }));

  // assessments.md section 7 "Class assignment": the only PUT /users/{id} body the spec names
  r.put('/users/:id', route(async (req, res, actor, ctx) => {
    const b = body(req);
    const placed = await ctx.services.academic.placement.place(actor, { userId: param(req), classId: b.class, academicYearId: b.academicYear });
    send(res, presentPlacedUser(actor, await ctx.services.academic.placement.attachOne(placed)), { message: T.placed });
  }));

  return r;
}
