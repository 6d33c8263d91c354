import { type Body, body, done, newRouter, param, route, send, str } from '../../core/rest';
import type { Request, Response } from 'express';
import { restPage, restSlice } from '../../core/paging';
import type { RequestContext } from '../../core/context';
import type { Actor } from '../../policies';
import { ACADEMIC_TEXT as T } from './academic.validation';
import { ACADEMIC_PAGE } from './academic.types';
import type { AllocationFilter } from './allocations.service';
import { presentAllocation, presentClass, presentPeriod, presentSubject, presentYear } from './academic.shape';
import { presentPlacedUser } from '../users';

// REST bodies name references by the spec's words (academicYear, class, subject, teachers); services use ids
const classInput = (b: Body) => ({ ...b, academicYearId: b.academicYear });
const periodInput = (b: Body) => ({ ...b, parentId: b.parent });
const allocationInput = (b: Body) => ({
  academicYearId: b.academicYear,
  classId: b.class,
  subjectId: b.subject,
  teacherIds: b.teachers,
  version: b.version,
});

/** The teacher-assignment lists: whole as before, or the window ?limit=&offset= asks for with X-Total-Count. */
async function sendAllocations(req: Request, res: Response, actor: Actor, ctx: RequestContext, filter: AllocationFilter) {
  const allocations = ctx.services.academic.allocations;
  const list = await restPage(
    req,
    res,
    ACADEMIC_PAGE,
    (w) => allocations.page(actor, filter, w),
    () => allocations.list(actor, filter),
  );
  send(
    res,
    list.map((x) => presentAllocation(actor, x)),
  );
}

/** platform.md section 7 "Academic structure", and PUT /users/{id} {class, academicYear} (student placement). */
export function academicRouter() {
  const r = newRouter();

  r.get(
    '/academic-years',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.academic.years.list(actor)).map((x) => presentYear(actor, x)),
      );
    }),
  );
  r.get(
    '/academic-years/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentYear(actor, await ctx.services.academic.years.get(actor, param(req))));
    }),
  );
  r.post(
    '/academic-years',
    route(async (req, res, actor, ctx) => {
      send(res, presentYear(actor, await ctx.services.academic.years.create(actor, body(req))), { message: T.yearCreated }, 201);
    }),
  );
  r.put(
    '/academic-years/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentYear(actor, await ctx.services.academic.years.update(actor, param(req), body(req))), { message: T.yearUpdated });
    }),
  );
  r.delete(
    '/academic-years/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.academic.years.delete(actor, param(req));
      done(res, T.yearDeleted);
    }),
  );

  // a year's terms and grading periods (GraphQL AcademicYear.periods and the *AcademicPeriod mutations)
  r.get(
    '/academic-years/:id/periods',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        (await ctx.services.academic.periods.listOfYear(actor, param(req))).map((x) => presentPeriod(actor, x)),
      );
    }),
  );
  r.post(
    '/academic-years/:id/periods',
    route(async (req, res, actor, ctx) => {
      const input = { ...periodInput(body(req)), academicYearId: param(req) };
      send(res, presentPeriod(actor, await ctx.services.academic.periods.create(actor, input)), { message: T.periodCreated }, 201);
    }),
  );
  r.put(
    '/academic-periods/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentPeriod(actor, await ctx.services.academic.periods.update(actor, param(req), periodInput(body(req)))), {
        message: T.periodUpdated,
      });
    }),
  );
  r.delete(
    '/academic-periods/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.academic.periods.delete(actor, param(req));
      done(res, T.periodDeleted);
    }),
  );

  r.get(
    '/classes',
    route(async (req, res, actor, ctx) => {
      const filter = { academicYearId: str(req.query.academicYear) };
      const classes = ctx.services.academic.classes;
      send(
        res,
        (
          await restPage(
            req,
            res,
            ACADEMIC_PAGE,
            (w) => classes.page(actor, filter, w),
            () => classes.list(actor, filter),
          )
        ).map((x) => presentClass(actor, x)),
      );
    }),
  );
  r.get(
    '/classes/academic-year/:yearId',
    route(async (req, res, actor, ctx) => {
      const classes = ctx.services.academic.classes;
      const filter = await classes.ofYear(actor, param(req, 'yearId'));
      send(
        res,
        (
          await restPage(
            req,
            res,
            ACADEMIC_PAGE,
            (w) => classes.page(actor, filter, w),
            () => classes.list(actor, filter),
          )
        ).map((x) => presentClass(actor, x)),
      );
    }),
  );
  r.get(
    '/classes/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentClass(actor, await ctx.services.academic.classes.get(actor, param(req))));
    }),
  );
  r.post(
    '/classes',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        presentClass(actor, await ctx.services.academic.classes.create(actor, classInput(body(req)))),
        { message: T.classCreated },
        201,
      );
    }),
  );
  r.put(
    '/classes/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentClass(actor, await ctx.services.academic.classes.update(actor, param(req), classInput(body(req)))), {
        message: T.classUpdated,
      });
    }),
  );
  r.delete(
    '/classes/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.academic.classes.delete(actor, param(req));
      done(res, T.classDeleted);
    }),
  );

  r.get(
    '/subjects',
    route(async (req, res, actor, ctx) => {
      const subjects = ctx.services.academic.subjects;
      send(
        res,
        (
          await restPage(
            req,
            res,
            ACADEMIC_PAGE,
            (w) => subjects.page(actor, w),
            () => subjects.list(actor),
          )
        ).map((x) => presentSubject(actor, x)),
      );
    }),
  );
  r.get(
    '/subjects/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentSubject(actor, await ctx.services.academic.subjects.get(actor, param(req))));
    }),
  );
  r.post(
    '/subjects',
    route(async (req, res, actor, ctx) => {
      send(res, presentSubject(actor, await ctx.services.academic.subjects.create(actor, body(req))), { message: T.subjectCreated }, 201);
    }),
  );
  r.put(
    '/subjects/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentSubject(actor, await ctx.services.academic.subjects.update(actor, param(req), body(req))), {
        message: T.subjectUpdated,
      });
    }),
  );
  r.delete(
    '/subjects/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.academic.subjects.delete(actor, param(req));
      done(res, T.subjectDeleted);
    }),
  );

  r.get(
    '/teacher-assignments',
    route(async (req, res, actor, ctx) => {
      await sendAllocations(req, res, actor, ctx, {
        classId: str(req.query.class),
        academicYearId: str(req.query.academicYear),
        teacherId: str(req.query.teacher),
      });
    }),
  );
  r.get(
    '/teacher-assignments/class/:classId',
    route(async (req, res, actor, ctx) => {
      await sendAllocations(req, res, actor, ctx, { classId: param(req, 'classId'), academicYearId: str(req.query.academicYear) });
    }),
  );
  r.get(
    '/teacher-assignments/teacher/:teacherId',
    route(async (req, res, actor, ctx) => {
      await sendAllocations(req, res, actor, ctx, { teacherId: param(req, 'teacherId') });
    }),
  );
  r.get(
    '/teacher-assignments/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentAllocation(actor, await ctx.services.academic.allocations.get(actor, param(req))));
    }),
  );
  r.post(
    '/teacher-assignments',
    route(async (req, res, actor, ctx) => {
      const created = await ctx.services.academic.allocations.create(actor, allocationInput(body(req)));
      send(res, presentAllocation(actor, created), { message: T.allocationCreated }, 201);
    }),
  );
  r.put(
    '/teacher-assignments/:id',
    route(async (req, res, actor, ctx) => {
      const updated = await ctx.services.academic.allocations.update(actor, param(req), allocationInput(body(req)));
      send(res, presentAllocation(actor, updated), { message: T.allocationUpdated });
    }),
  );
  r.delete(
    '/teacher-assignments/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.academic.allocations.delete(actor, param(req));
      done(res, T.allocationDeleted);
    }),
  );

  // assessments.md section 7 "Class assignment": the only PUT /users/{id} body the spec names
  r.put(
    '/users/:id',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const placed = await ctx.services.academic.placement.place(actor, {
        userId: param(req),
        classId: b.class,
        academicYearId: b.academicYear,
      });
      send(res, presentPlacedUser(actor, await ctx.services.academic.placement.attachOne(placed)), { message: T.placed });
    }),
  );

  return r;
}
