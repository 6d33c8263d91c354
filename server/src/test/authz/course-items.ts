import { Row, Vars, Who, row, uniq } from './matrix';
import { World, exists, holds } from './world';

/** Whose course: the own one (MATH-5A), or the other (ART-6A). */
export const courseOf = (w: World, c: string) => (c === 'other' ? w.course.other : w.course.own);

/**
 * Who changes what is in a course (platform.md section 6: "Teachers manage modules, content, announcements;
 * students only read them"; DESIGN.md: SuperAdmin and Admin change nothing in courses): the course's teachers
 * only. Someone who may read the item is refused with 403, anyone else is told 404 (a Student never sees a
 * hidden item; a Parent reads no course).
 */
export const MANAGE = { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' };

/** Update (the title) and delete of one kind of course item, each on a fresh item of the case. */
export function itemWrites(item: {
  name: 'Module' | 'Content' | 'Announcement' | 'Discussion';
  path: string;
  table: string;
  expect: Record<string, string>;
  fresh: (w: World, c: string, who: Who) => Promise<string>;
}): Row<any>[] {
  return [
    row({
      gql: `Mutation.update${item.name}`,
      query: `mutation($input: Update${item.name}Input!) { update${item.name}(input: $input) { id } }`,
      variables: (v) => ({ input: { id: v.id, title: v.title } }),
      rest: { [`PUT ${item.path}/:id`]: (v: Vars) => ({ path: `${item.path}/${v.id}`, body: { title: v.title } }) },
      expect: item.expect,
      given: async (w, c, who) => ({ id: await item.fresh(w, c, who), title: uniq() }),
      changed: (w, v) => holds(w, item.table, 'title', v.title, 'id = $2', [v.id]),
    }),
    row({
      gql: `Mutation.delete${item.name}`,
      query: `mutation($id: ID!) { delete${item.name}(id: $id) }`,
      variables: (v) => ({ id: v.id }),
      rest: { [`DELETE ${item.path}/:id`]: (v: Vars) => ({ path: `${item.path}/${v.id}` }) },
      expect: item.expect,
      given: async (w, c, who) => ({ id: await item.fresh(w, c, who) }),
      changed: async (w, v) => !(await exists(w, item.table, v.id)),
    }),
  ];
}

/** A create of an item in a course (`create<Name>(input: { courseId, title, ...fields })`, REST `{ course, title, ...fields }`). */
export function itemCreate(item: {
  name: 'Module' | 'Announcement';
  path: string;
  table: string;
  fields?: Record<string, unknown>;
}): Row<any> {
  return row({
    gql: `Mutation.create${item.name}`,
    query: `mutation($input: Create${item.name}Input!) { create${item.name}(input: $input) { id } }`,
    variables: (v) => ({ input: { courseId: v.courseId, title: v.title, ...item.fields } }),
    rest: { [`POST ${item.path}`]: (v: Vars) => ({ path: item.path, body: { course: v.courseId, title: v.title, ...item.fields } }) },
    expect: { own: 'FFAFN', other: 'FFNNN' },
    given: async (w, c) => ({ courseId: courseOf(w, c), title: uniq() }),
    changed: (w, v) => holds(w, item.table, 'title', v.title),
  });
}
