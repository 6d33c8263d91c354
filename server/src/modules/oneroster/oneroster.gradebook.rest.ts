import express, { Router } from 'express';
import { SCOPES } from '../../policies/credentials';
import type { Put } from './oneroster.gradebook';
import { categories, lineItems, results, users, classes } from './oneroster.mapping';
import { both, equals, Gate, handle, klass, ListRoute, mountReads, OneRoute } from './oneroster.rest';

const READ: Gate = { action: 'oneroster.gradebook.read', scopes: [SCOPES.gradebookRead] };
const WRITE: Gate = { action: 'oneroster.gradebook.write', scopes: [SCOPES.gradebookWrite] };
const DELETE: Gate = { action: 'oneroster.gradebook.delete', scopes: [SCOPES.gradebookDelete] };

const lineItem = { key: 'lineItemId', collection: lineItems };

const LISTS: ListRoute[] = [
  { path: '/categories', collection: categories },
  { path: '/lineItems', collection: lineItems },
  { path: '/results', collection: results },
  { path: '/classes/:classId/lineItems', collection: lineItems, parents: [klass], restrict: (p) => equals('_class', p.classId) },
  { path: '/classes/:classId/results', collection: results, parents: [klass], restrict: (p) => equals('_class', p.classId) },
  {
    path: '/classes/:classId/lineItems/:lineItemId/results',
    collection: results,
    parents: [klass, lineItem],
    restrict: (p) => both(equals('_class', p.classId), equals('_lineItem', p.lineItemId)),
  },
  {
    path: '/classes/:classId/students/:studentId/results',
    collection: results,
    parents: [klass, { key: 'studentId', collection: users, restrict: () => `o.role = 'student'` }],
    restrict: (p) => both(equals('_class', p.classId), equals('_student', p.studentId)),
  },
  { path: '/lineItems/:lineItemId/results', collection: results, parents: [lineItem], restrict: (p) => equals('_lineItem', p.lineItemId) },
];

const ONES: OneRoute[] = [
  { path: '/categories/:id', collection: categories },
  { path: '/lineItems/:id', collection: lineItems },
  { path: '/results/:id', collection: results },
];

/** PUT answers 201 with the object when it was created, 200 when it replaced one. */
const STATUS: Record<Put, number> = { created: 201, replaced: 200 };

/**
 * The gradebook service under /ims/oneroster/gradebook/v1p2: reads for gradebook.readonly, PUT (create or replace
 * by sourcedId) for gradebook.createput, DELETE for gradebook.delete. Classes are readable here too, since a
 * line item names one.
 */
export function gradebookRouter(publicUrl: string): Router {
  const r = express.Router();
  mountReads(r, publicUrl, READ, LISTS, ONES);
  mountReads(r, publicUrl, READ, [], [{ path: '/classes/:id', collection: classes }]);
  const writes = [
    { path: '/categories/:id', collection: categories, put: 'putCategory', del: 'deleteCategory' },
    { path: '/lineItems/:id', collection: lineItems, put: 'putLineItem', del: 'deleteLineItem' },
    { path: '/results/:id', collection: results, put: 'putResult', del: 'deleteResult' },
  ] as const;
  for (const w of writes) {
    r.put(
      w.path,
      handle(WRITE, async (req, res, ctx) => {
        const id = req.params.id as string;
        const done = await ctx.services.oneroster.gradebook[w.put](id, req.body);
        res.status(STATUS[done]).json({ [w.collection.singular]: await ctx.services.oneroster.reads.one(w.collection, id, null) });
      }),
    );
    r.delete(
      w.path,
      handle(DELETE, async (req, res, ctx) => {
        await ctx.services.oneroster.gradebook[w.del](req.params.id as string);
        res.status(204).end();
      }),
    );
  }
  return r;
}
