import { listBy, readById, row, uniq } from './matrix';
import { World, holds } from './world';
import { MANAGE, courseOf, itemCreate, itemWrites } from './course-items';

/**
 * Modules (platform.md section 6: teachers manage them, students read the visible ones). "own": a visible
 * module of MATH-5A, "hidden": its hidden module, "other": a module of ART-6A. Reuse copies from a course the
 * teacher teaches into another one they teach (SCI-5A).
 */
const moduleOf = (w: World, c: string) => w.module[c as 'own' | 'hidden' | 'other'];
const READ = { own: 'AAAAN', hidden: 'AAANN', other: 'AANNN' };

export const modulesRows = [
  listBy('modules', 'courseId', 'GET /modules/course/:courseId', { own: 'AAAAN', hidden: 'AAAEN', other: 'AANNN' }, (w, c) => ({
    parent: courseOf(w, c),
    target: moduleOf(w, c),
  })),
  readById('module', 'GET /modules/:id', READ, moduleOf),
  // into MATH-5A (offering SCI-5A's modules) or into ART-6A
  listBy('reusableModules', 'courseId', 'GET /modules/reuse/available/:courseId', { own: 'FFAFN', other: 'FFNNN' }, (w, c) => ({
    parent: courseOf(w, c),
    target: w.module.ownScience,
  })),
  itemCreate({ name: 'Module', path: '/modules', table: 'course_modules' }),
  ...itemWrites({
    name: 'Module',
    path: '/modules',
    table: 'course_modules',
    expect: MANAGE,
    fresh: (w, c) => w.fresh.module(courseOf(w, c), c !== 'hidden'),
  }),
  row({
    gql: 'Mutation.cloneModule',
    query: 'mutation($input: CloneModuleInput!) { cloneModule(input: $input) { id } }',
    variables: (v) => ({ input: { moduleId: v.id, newCourseId: v.into, title: v.title } }),
    rest: {
      'POST /modules/reuse/clone/:moduleId': (v) => ({
        path: `/modules/reuse/clone/${v.id}`,
        body: { newCourseId: v.into, title: v.title },
      }),
    },
    // a fresh module of the case's course, copied into SCI-5A (teacher@'s)
    expect: { own: 'FFAFN', other: 'FFNNN' },
    given: async (w, c) => ({ id: await w.fresh.module(courseOf(w, c)), into: w.course.ownScience, title: uniq() }),
    changed: (w, v) => holds(w, 'course_modules', 'title', v.title, 'course_id = $2', [v.into]),
  }),
];
