import { listBy, readById } from './matrix';
import { World } from './world';
import { MANAGE, courseOf, itemCreate, itemWrites } from './course-items';

/**
 * Announcements (platform.md section 6: teachers manage them, students read the visible ones). "own": a
 * visible announcement of MATH-5A, "hidden": its hidden one, "other": one of ART-6A.
 */
const announcementOf = (w: World, c: string) => w.announcement[c as 'own' | 'hidden' | 'other'];

export const announcementsRows = [
  listBy(
    'announcements',
    'courseId',
    'GET /announcements/course/:courseId',
    { own: 'AAAAN', hidden: 'AAAEN', other: 'AANNN' },
    (w, c) => ({ parent: courseOf(w, c), target: announcementOf(w, c) }),
    '{ nodes { id } }',
  ),
  readById('announcement', null, { own: 'AAAAN', hidden: 'AAANN', other: 'AANNN' }, announcementOf),
  itemCreate({ name: 'Announcement', path: '/announcements', table: 'announcements', fields: { content: 'Text' } }),
  ...itemWrites({
    name: 'Announcement',
    path: '/announcements',
    table: 'announcements',
    expect: MANAGE,
    fresh: (w, c) => w.fresh.announcement(courseOf(w, c), c !== 'hidden'),
  }),
];
