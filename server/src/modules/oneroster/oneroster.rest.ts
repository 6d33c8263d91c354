import express, { Request, Response, Router } from 'express';
import type { RequestContext } from '../../core/context';
import { SCOPES } from '../../policies/credentials';
import { sendError } from './oneroster.errors';
import { academicSessions, classes, Collection, courses, demographics, enrollments, orgs, users } from './oneroster.mapping';
import { readQuery } from './oneroster.query';
import type { Page, Restriction } from './oneroster.service';

export const ctxOf = (res: Response) => res.locals.ctx as RequestContext;
export type Params = Record<string, string>;

/** X-Total-Count and the Link header (first, prev, next, last) of one page, keeping every other parameter. */
function pageHeaders(req: Request, res: Response, base: string, page: Page, limit: number, offset: number): void {
  res.setHeader('X-Total-Count', String(page.total));
  const link = (rel: string, at: number) => {
    const u = new URL(`${base}${req.baseUrl}${req.path}`);
    for (const [k, v] of Object.entries(req.query)) if (k !== 'limit' && k !== 'offset' && typeof v === 'string') u.searchParams.set(k, v);
    u.searchParams.set('limit', String(limit));
    u.searchParams.set('offset', String(at));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const last = page.total === 0 ? 0 : Math.floor((page.total - 1) / limit) * limit;
  const links = [link('first', 0)];
  if (offset > 0) links.push(link('prev', Math.max(0, offset - limit)));
  if (offset + limit < page.total) links.push(link('next', offset + limit));
  links.push(link('last', last));
  res.setHeader('Link', links.join(', '));
}

export const is =
  (column: string, value: string): Restriction =>
  () =>
    `o."${column}" = '${value}'`;
export const contains =
  (column: string, id: string): Restriction =>
  (p) =>
    `${p(id)} = ANY(o."${column}")`;
export const equals =
  (column: string, id: string): Restriction =>
  (p) =>
    `o."${column}" = ${p(id)}`;
export const both =
  (...rs: Array<Restriction | undefined>): Restriction =>
  (p) =>
    rs
      .filter(Boolean)
      .map((r) => r!(p))
      .join(' AND ') || 'true';

const SCHOOL = is('type', 'school');
const STUDENT = is('role', 'student');
const TEACHER = is('role', 'teacher');
const TERM = is('type', 'term');
const GRADING_PERIOD = is('type', 'gradingPeriod');

/** A parent object the path names, which must exist (404 unknownobject otherwise). */
export interface Parent {
  key: string;
  collection: Collection;
  restrict?: Restriction;
}
export const school: Parent = { key: 'schoolId', collection: orgs, restrict: SCHOOL };
export const klass: Parent = { key: 'classId', collection: classes };

export interface ListRoute {
  path: string;
  collection: Collection;
  parents?: Parent[];
  restrict?: (p: Params) => Restriction;
}
export interface OneRoute {
  path: string;
  collection: Collection;
  restrict?: Restriction;
}

/** Every read endpoint of the rostering service (OneRoster 1.2 REST binding, section 4: the rostering operations). */
const LISTS: ListRoute[] = [
  { path: '/orgs', collection: orgs },
  { path: '/schools', collection: orgs, restrict: () => SCHOOL },
  { path: '/academicSessions', collection: academicSessions },
  { path: '/terms', collection: academicSessions, restrict: () => TERM },
  { path: '/gradingPeriods', collection: academicSessions, restrict: () => GRADING_PERIOD },
  { path: '/courses', collection: courses },
  { path: '/classes', collection: classes },
  { path: '/users', collection: users },
  { path: '/students', collection: users, restrict: () => STUDENT },
  { path: '/teachers', collection: users, restrict: () => TEACHER },
  { path: '/enrollments', collection: enrollments },
  { path: '/demographics', collection: demographics },
  {
    path: '/courses/:courseId/classes',
    collection: classes,
    parents: [{ key: 'courseId', collection: courses }],
    restrict: (p) => equals('_course', p.courseId),
  },
  {
    path: '/classes/:classId/students',
    collection: users,
    parents: [klass],
    restrict: (p) => both(STUDENT, contains('_classes', p.classId)),
  },
  {
    path: '/classes/:classId/teachers',
    collection: users,
    parents: [klass],
    restrict: (p) => both(TEACHER, contains('_classes', p.classId)),
  },
  {
    path: '/users/:userId/classes',
    collection: classes,
    parents: [{ key: 'userId', collection: users }],
    restrict: (p) => (q) => `(${contains('_teachers', p.userId)(q)} OR ${contains('_students', p.userId)(q)})`,
  },
  {
    path: '/students/:userId/classes',
    collection: classes,
    parents: [{ key: 'userId', collection: users, restrict: STUDENT }],
    restrict: (p) => contains('_students', p.userId),
  },
  {
    path: '/teachers/:userId/classes',
    collection: classes,
    parents: [{ key: 'userId', collection: users, restrict: TEACHER }],
    restrict: (p) => contains('_teachers', p.userId),
  },
  {
    path: '/terms/:termId/classes',
    collection: classes,
    parents: [{ key: 'termId', collection: academicSessions, restrict: TERM }],
    restrict: (p) => contains('_terms', p.termId),
  },
  {
    path: '/terms/:termId/gradingPeriods',
    collection: academicSessions,
    parents: [{ key: 'termId', collection: academicSessions, restrict: TERM }],
    restrict: (p) => both(GRADING_PERIOD, equals('_parent', p.termId)),
  },
  { path: '/schools/:schoolId/classes', collection: classes, parents: [school], restrict: (p) => equals('_school', p.schoolId) },
  { path: '/schools/:schoolId/courses', collection: courses, parents: [school], restrict: (p) => equals('_org', p.schoolId) },
  { path: '/schools/:schoolId/enrollments', collection: enrollments, parents: [school], restrict: (p) => equals('_school', p.schoolId) },
  {
    path: '/schools/:schoolId/students',
    collection: users,
    parents: [school],
    restrict: (p) => both(STUDENT, equals('_school', p.schoolId)),
  },
  {
    path: '/schools/:schoolId/teachers',
    collection: users,
    parents: [school],
    restrict: (p) => both(TEACHER, equals('_school', p.schoolId)),
  },
  { path: '/schools/:schoolId/terms', collection: academicSessions, parents: [school], restrict: () => TERM },
  {
    path: '/schools/:schoolId/classes/:classId/enrollments',
    collection: enrollments,
    parents: [school, klass],
    restrict: (p) => both(equals('_school', p.schoolId), equals('_class', p.classId)),
  },
  {
    path: '/schools/:schoolId/classes/:classId/students',
    collection: users,
    parents: [school, klass],
    restrict: (p) => both(STUDENT, contains('_classes', p.classId)),
  },
  {
    path: '/schools/:schoolId/classes/:classId/teachers',
    collection: users,
    parents: [school, klass],
    restrict: (p) => both(TEACHER, contains('_classes', p.classId)),
  },
];

const ONES: OneRoute[] = [
  { path: '/orgs/:id', collection: orgs },
  { path: '/schools/:id', collection: orgs, restrict: SCHOOL },
  { path: '/academicSessions/:id', collection: academicSessions },
  { path: '/terms/:id', collection: academicSessions, restrict: TERM },
  { path: '/gradingPeriods/:id', collection: academicSessions, restrict: GRADING_PERIOD },
  { path: '/courses/:id', collection: courses },
  { path: '/classes/:id', collection: classes },
  { path: '/users/:id', collection: users },
  { path: '/students/:id', collection: users, restrict: STUDENT },
  { path: '/teachers/:id', collection: users, restrict: TEACHER },
  { path: '/enrollments/:id', collection: enrollments },
  { path: '/demographics/:id', collection: demographics },
];

/** The actor's right to one service (its rule in policies/rules.ts and the scopes that give it). */
export interface Gate {
  action: 'oneroster.roster.read' | 'oneroster.gradebook.read' | 'oneroster.gradebook.write' | 'oneroster.gradebook.delete';
  scopes: string[];
}

/** Runs a OneRoster handler for an authorized application; every failure answers in the imsx shape. */
export function handle(gate: Gate, handler: (req: Request, res: Response, ctx: RequestContext) => Promise<void>) {
  return async (req: Request, res: Response) => {
    const ctx = ctxOf(res);
    try {
      ctx.services.oneroster.reads.authorize(ctx.actor, gate.action, gate.scopes);
      await handler(req, res, ctx);
    } catch (err) {
      sendError(res, err, ctx.requestId);
    }
  };
}

/** The GET endpoints of a table of lists and single objects. */
export function mountReads(r: Router, publicUrl: string, gate: Gate, lists: ListRoute[], ones: OneRoute[]): void {
  for (const l of lists) {
    r.get(
      l.path,
      handle(gate, async (req, res, ctx) => {
        const svc = ctx.services.oneroster.reads;
        const q = readQuery(req.query, l.collection);
        const params = req.params as Params;
        for (const p of l.parents ?? []) await svc.one(p.collection, params[p.key], null, p.restrict);
        const page = await svc.list(l.collection, q, l.restrict?.(params));
        pageHeaders(req, res, publicUrl, page, q.limit, q.offset);
        res.json({ [l.collection.plural]: page.items });
      }),
    );
  }
  for (const o of ones) {
    r.get(
      o.path,
      handle(gate, async (req, res, ctx) => {
        const q = readQuery(req.query, o.collection);
        res.json({
          [o.collection.singular]: await ctx.services.oneroster.reads.one(o.collection, req.params.id as string, q.fields, o.restrict),
        });
      }),
    );
  }
}

/** The rostering service under /ims/oneroster/rostering/v1p2: GET only, for applications with a roster scope. */
export function rosteringRouter(publicUrl: string): Router {
  const r = express.Router();
  mountReads(r, publicUrl, { action: 'oneroster.roster.read', scopes: [SCOPES.rosterRead, SCOPES.rosterCoreRead] }, LISTS, ONES);
  return r;
}
