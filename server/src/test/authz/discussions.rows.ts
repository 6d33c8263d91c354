import { listBy, readById, row, uniq } from './matrix';
import { accountOf, holds } from './world';
import { courseOf, itemWrites } from './course-items';

/**
 * Discussions (platform.md section 6: "every student and teacher can start and reply; edit and delete only
 * for a Teacher or the author"; DESIGN.md: SuperAdmin and Admin do not post). Posting: the course's teachers
 * and students. Changing: a teacher of the course, or the author while they can read the course. Cases of a
 * post: "own" (by the actor, in MATH-5A), "others" (by student2@, in MATH-5A), "other" (in ART-6A).
 */
export const discussionsRows = [
  listBy(
    'discussions',
    'courseId',
    'GET /discussions/course/:courseId',
    { own: 'AAAAN', other: 'AANNN' },
    (w, c) => ({ parent: courseOf(w, c), target: c === 'own' ? w.thread.own : w.thread.other }),
    '{ nodes { id } }',
  ),
  readById('discussion', null, { own: 'AAAAN', other: 'AANNN' }, (w, c) => (c === 'own' ? w.thread.own : w.thread.other)),
  row({
    gql: 'Mutation.createDiscussion',
    query: 'mutation($input: CreateDiscussionInput!) { createDiscussion(input: $input) { id } }',
    variables: (v) => ({ input: { courseId: v.courseId, parentDiscussionId: v.parent, title: v.title, content: 'Text' } }),
    rest: {
      'POST /discussions': (v) => ({
        path: '/discussions',
        body: { course: v.courseId, parentDiscussion: v.parent, title: v.title, content: 'Text' },
      }),
    },
    // a thread in the case's course, or a reply to MATH-5A's thread
    expect: { own: 'FFAAN', reply: 'FFAAN', other: 'FFNNN' },
    given: async (w, c) => ({ courseId: courseOf(w, c), parent: c === 'reply' ? w.thread.own : null, title: uniq() }),
    changed: (w, v) => holds(w, 'discussions', 'title', v.title),
  }),
  ...itemWrites({
    name: 'Discussion',
    path: '/discussions',
    table: 'discussions',
    expect: { own: 'AAAAN', others: 'FFAFN', other: 'FFNNN' },
    fresh: (w, c, who) => w.fresh.discussion(courseOf(w, c), c === 'own' ? accountOf(w, who) : c === 'others' ? w.student2 : w.teacher2),
  }),
];
