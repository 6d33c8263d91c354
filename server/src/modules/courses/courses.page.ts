import { Actor } from '../../policies';
import { courseReadableSql, itemReadableSql } from '../../policies/sql';
import { classJson, courseJson, isoSql, placesSql, subjectJson, yearJson } from '../../db/json-rows';
import type { Course } from './course.entity';
import type { User } from '../users';
import { courseFactsSql } from './courses.facts';

/** A row of the page: a plain object with its entity's property names (the domain that owns the table reads it). */
type PageRow = { id: string } & Record<string, unknown>;

/** An announcement, thread or reply of the page, with its author put on once the people are read. */
type PagePost = PageRow & { authorId: string | null; author?: User | null; replies?: PagePost[] };

/**
 * A course with everything its page shows, as plain objects with the entities' property names: the field
 * resolvers of Course, CourseModule and Discussion (in their own domains, which know the rows' types) answer
 * what is already here and load only what is not.
 */
export type CoursePage = Course & {
  modules: Array<PageRow & { contents: PageRow[] }>;
  announcements: PagePost[];
  discussions: PagePost[];
};

/** What coursePageSql answers in `page` before placePeople: the teachers as ids, the authors not yet put on their posts. */
export type CoursePageRow = Omit<CoursePage, 'teachers'> & { teachers: Array<string | User> };

const post = (d: string, replies: string) => `json_build_object('id', ${d}.id, 'title', ${d}.title, 'content', ${d}.content,
  'courseId', ${d}.course_id, 'parentDiscussionId', ${d}.parent_id, 'authorId', ${d}.author_id,
  'version', ${d}.version, 'createdAt', ${isoSql(`${d}.created_at`)}, 'updatedAt', ${isoSql(`${d}.updated_at`)}, 'replies', ${replies})`;

/**
 * The course's teachers, read once by the page's statement (a materialized CTE) for the rules, the facts, the
 * teachers and the people: the course_teachers view is a three-table join, and the page named it eight times; each
 * was planned (a custom plan took 3.8 ms, 1.2 ms with the CTE, on the large school) and run (1.25 -> 0.81 ms).
 */
const TEACHERS = 'page_teachers';

/**
 * The course's teachers and the authors of its announcements and posts, each once, by id (placesSql's `users`): a
 * teacher who wrote thirty posts was thirty copies of the same user in the page. Authors of posts the viewer may
 * not read may be among them; only the page's own posts are given theirs (placePeople). Threads by course and
 * replies by thread, as the page reads them: the discussions' indexes are partial (threads, replies).
 */
const PEOPLE = placesSql({
  users: `SELECT ct.teacher_id FROM ${TEACHERS} ct WHERE ct.course_id = c.id
          UNION ALL SELECT a.author_id FROM announcements a WHERE a.course_id = c.id
          UNION ALL SELECT d.author_id FROM discussions d WHERE d.course_id = c.id AND d.parent_id IS NULL
          UNION ALL SELECT r.author_id FROM discussions d JOIN discussions r ON r.parent_id = d.id WHERE d.course_id = c.id AND d.parent_id IS NULL`,
});

/** The page with its teachers and each announcement's and post's author (null once the account is gone). */
export function placePeople(page: CoursePageRow, { users }: { users: Record<string, User> }): CoursePage {
  const authorOf = (x: { authorId: string | null }) => (x.authorId && users[x.authorId]) || null;
  page.teachers = page.teachers.map((id) => users[id as string]);
  for (const a of page.announcements) a.author = authorOf(a);
  for (const d of page.discussions) {
    d.author = authorOf(d);
    for (const r of d.replies ?? []) r.author = authorOf(r);
  }
  return page as CoursePage;
}

/**
 * The course page in one statement ($1 the course, $2 the viewer, as the rules' SQL forms take it): the
 * course's facts (courseFactsSql, which the caller checks 'course.read' on and hands to the request's loader),
 * and, when 'course.read' (its SQL form) lets the viewer read the course, the page (else null): its subject, class, year and teachers; the modules and content, and the
 * announcements, the viewer may read ('course.readItem', the itemReadableSql twin), in the loaders' orders;
 * the threads newest first (by the millisecond, then id, as threadsOfCourses sorts them) with their replies
 * oldest first (all of them: a post is read under 'course.read', the page's own condition).
 */
export function coursePageSql(actor: Actor | null): string {
  // Every row of the page is of course c (a reply is of its thread's course, discussions.service), so the rules
  // are asked of c.id, not of each row's course_id: the course parts of a rule then reference only the outer
  // row, and PostgreSQL plans them as InitPlans, decided once per page instead of once per module, content,
  // announcement and post (a SubPlan each).
  const moduleReadable = itemReadableSql(actor, { courseId: 'c.id', teachers: TEACHERS, visible: 'm.is_visible' }, '$2::uuid');
  const contentReadable = itemReadableSql(
    actor,
    { courseId: 'c.id', teachers: TEACHERS, visible: '(cn.is_visible AND m.is_visible)' },
    '$2::uuid',
  );
  const announcementReadable = itemReadableSql(actor, { courseId: 'c.id', teachers: TEACHERS, visible: 'a.is_visible' }, '$2::uuid');
  const readable = courseReadableSql(actor, { courseId: 'c.id', teachers: TEACHERS }, '$2::uuid');
  return `
WITH ${TEACHERS} AS MATERIALIZED (SELECT course_id, teacher_id FROM course_teachers WHERE course_id = $1::uuid)
SELECT ${courseFactsSql('c', '$2::uuid', TEACHERS)}, CASE WHEN ${readable} THEN ${courseJson(
    'c',
    `
  'subject', ${subjectJson('s')}, 'class', ${classJson('cl')}, 'academicYear', ${yearJson('y')},
  'teachers', ARRAY(SELECT ct.teacher_id FROM ${TEACHERS} ct JOIN users u ON u.id = ct.teacher_id WHERE ct.course_id = c.id
                     ORDER BY u.last_name, u.first_name, u.id),
  'modules', (SELECT coalesce(json_agg(json_build_object('id', m.id, 'title', m.title, 'description', m.description,
                 'moduleType', m.module_type, 'order', m.sort_order, 'isVisible', m.is_visible, 'courseId', m.course_id, 'version', m.version,
                 'createdAt', ${isoSql('m.created_at')}, 'updatedAt', ${isoSql('m.updated_at')},
                 'contents', (SELECT coalesce(json_agg(json_build_object('id', cn.id, 'title', cn.title, 'description', cn.description,
                     'contentType', cn.content_type, 'fileName', cn.file_name, 'fileSize', cn.file_size, 'mimeType', cn.mime_type,
                     'isVisible', cn.is_visible, 'moduleId', cn.module_id, 'fileId', cn.file_id, 'createdById', cn.created_by, 'version', cn.version,
                     'createdAt', ${isoSql('cn.created_at')}, 'updatedAt', ${isoSql('cn.updated_at')}) ORDER BY cn.created_at, cn.id), '[]'::json)
                   FROM contents cn WHERE cn.module_id = m.id AND ${contentReadable}))
               ORDER BY m.sort_order, m.created_at, m.id), '[]'::json)
                 FROM course_modules m WHERE m.course_id = c.id AND ${moduleReadable}),
  'announcements', (SELECT coalesce(json_agg(json_build_object('id', a.id, 'title', a.title, 'content', a.content, 'isVisible', a.is_visible,
                 'courseId', a.course_id, 'authorId', a.author_id, 'version', a.version,
                 'createdAt', ${isoSql('a.created_at')}, 'updatedAt', ${isoSql('a.updated_at')}) ORDER BY a.created_at DESC, a.id), '[]'::json)
                 FROM announcements a WHERE a.course_id = c.id AND ${announcementReadable}),
  'discussions', (SELECT coalesce(json_agg(${post(
    'd',
    `(SELECT coalesce(json_agg(${post('r', "'[]'::json")} ORDER BY r.created_at, r.id), '[]'::json)
                     FROM discussions r WHERE r.parent_id = d.id)`,
  )}
               ORDER BY date_trunc('milliseconds', d.created_at) DESC, d.id), '[]'::json)
                 FROM discussions d WHERE d.course_id = c.id AND d.parent_id IS NULL)`,
  )} END AS page,
  CASE WHEN ${readable} THEN ${PEOPLE} END AS people
  FROM courses c JOIN subjects s ON s.id = c.subject_id JOIN classes cl ON cl.id = c.class_id JOIN academic_years y ON y.id = c.academic_year_id
 WHERE c.id = $1::uuid`;
}
