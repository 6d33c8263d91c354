import { tinyPdf } from '../../modules/files';
import { listBy, readById, row, uniq } from './matrix';
import { World, holds } from './world';
import { MANAGE, itemWrites } from './course-items';

/**
 * Content (platform.md section 6: teachers manage it, students read and download the visible items of visible
 * modules). "own": a visible item of MATH-5A's first module, "hidden": a hidden item in that module, "other":
 * an item of ART-6A. Uploading is for teachers at all (refused with 403 before the body is read), then for a
 * module of a course they teach.
 */
const contentOf = (w: World, c: string) => w.content[c as 'own' | 'hidden' | 'other'];
const moduleOf = (w: World, c: string) => (c === 'other' ? w.module.other : w.module.own);
const READ = { own: 'AAAAN', hidden: 'AAANN', other: 'AANNN' };
const pdf = () => ({ name: 'file', filename: 'authz.pdf', contentType: 'application/pdf', data: tinyPdf(['Authz']) });

export const contentRows = [
  listBy('contents', 'moduleId', 'GET /content/module/:moduleId', { own: 'AAAAN', hidden: 'AAAEN', other: 'AANNN' }, (w, c) => ({
    parent: moduleOf(w, c),
    target: contentOf(w, c),
  })),
  readById('content', null, READ, contentOf),
  row({
    rest: { 'GET /content/download/:id': (v) => ({ path: `/content/download/${v.id}` }) },
    expect: READ,
    given: async (w, c) => ({ id: contentOf(w, c) }),
  }),
  // into a module of SCI-5A (offering MATH-5A's items) or of ART-6A
  listBy('reusableContents', 'moduleId', 'GET /content/reuse/available/:moduleId', { own: 'FFAFN', other: 'FFNNN' }, (w, c) => ({
    parent: c === 'own' ? w.module.ownScience : w.module.other,
    target: w.content.own,
  })),
  row({
    gql: 'Mutation.uploadContent',
    query: 'mutation($file: Upload, $input: UploadContentInput!) { uploadContent(file: $file, input: $input) { id } }',
    variables: (v) => ({ input: { moduleId: v.moduleId, title: v.title, contentType: 'PDF' } }),
    file: pdf,
    rest: {
      'POST /content': (v) => ({
        path: '/content',
        multipart: [pdf(), { name: 'module', value: v.moduleId }, { name: 'title', value: v.title }, { name: 'contentType', value: 'PDF' }],
      }),
    },
    expect: { own: 'FFAFF', other: 'FFNFF' },
    given: async (w, c) => ({ moduleId: moduleOf(w, c), title: uniq() }),
    changed: (w, v) => holds(w, 'contents', 'title', v.title),
  }),
  ...itemWrites({
    name: 'Content',
    path: '/content',
    table: 'contents',
    expect: MANAGE,
    fresh: (w, c) => w.fresh.content(moduleOf(w, c), c !== 'hidden'),
  }),
  row({
    gql: 'Mutation.cloneContent',
    query: 'mutation($input: CloneContentInput!) { cloneContent(input: $input) { id } }',
    variables: (v) => ({ input: { contentId: v.id, newModuleId: v.into } }),
    rest: { 'POST /content/reuse/clone/:contentId': (v) => ({ path: `/content/reuse/clone/${v.id}`, body: { newModuleId: v.into } }) },
    // the case's item, copied into a new empty module of SCI-5A (teacher@'s)
    expect: { own: 'FFAFN', other: 'FFNNN' },
    given: async (w, c) => ({ id: contentOf(w, c), into: await w.fresh.module(w.course.ownScience) }),
    changed: (w, v) => holds(w, 'contents', 'module_id', v.into),
  }),
];
