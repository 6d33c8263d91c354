/**
 * Every statement of the discussions domain (its migration aside): TypeORM for the rows (query builders that
 * join the author, so a list is one statement; the shared row helpers for the writes), and SQL for the one read
 * that resolves a reply's thread. The service and loaders decide who may read or change what; these functions
 * only read and write.
 */
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { deleteOne } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import { Discussion } from './discussion.entity';
import { DISCUSSION_TEXT as T } from './discussions.validation';

/** The posts with their authors joined: what every read of one answers with. */
function withAuthor(m: EntityManager) {
  return m.getRepository(Discussion).createQueryBuilder('d').leftJoinAndSelect('d.author', 'u');
}

/**
 * Threads of these courses the viewer may read ('course.read' in SQL), newest first, each with its replies
 * (oldest first) in `replies` and every author: one statement for threads and replies together, since a
 * course page always shows both. Every path to a course's discussions uses it.
 */
export async function threadsOfCourses(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]): Promise<Discussion[]> {
  const posts = await m
    .getRepository(Discussion)
    .createQueryBuilder('d')
    .leftJoinAndSelect('d.author', 'u')
    .where('d.course_id IN (:...courseIds)', { courseIds })
    .andWhere(courseReadableSql(actor, { courseId: 'd.course_id' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('d.created_at', 'ASC')
    .addOrderBy('d.id', 'ASC')
    .getMany();
  const threads = posts.filter((d) => !d.parentDiscussionId);
  const byThread = new Map(threads.map((t) => [t.id, (t.replies = [] as Discussion[])]));
  for (const r of posts) if (r.parentDiscussionId) byThread.get(r.parentDiscussionId)?.push(r);
  const newestFirst = (a: Discussion, b: Discussion) =>
    b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return threads.sort(newestFirst);
}

/** The threads (no replies) of one course the viewer may read, newest first: for a page of them. */
function threadsQuery(m: DataSource | EntityManager, actor: Actor | null, courseId: string) {
  return m
    .getRepository(Discussion)
    .createQueryBuilder('d')
    .leftJoinAndSelect('d.author', 'u')
    .where('d.course_id = :courseId AND d.parent_id IS NULL', { courseId })
    .andWhere(courseReadableSql(actor, { courseId: 'd.course_id' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('d.created_at', 'DESC')
    .addOrderBy('d.id', 'ASC');
}

/** One window of a course's readable threads and their total; their replies are the caller's to add (repliesOf). */
export function pageOfThreads(
  m: DataSource | EntityManager,
  actor: Actor | null,
  courseId: string,
  window: PageWindow,
): Promise<Page<Discussion>> {
  return pageOfQuery(threadsQuery(m, actor, courseId), window);
}

/** The replies of these threads the viewer may read, oldest first, with their authors: one statement. */
export function repliesOf(m: DataSource | EntityManager, actor: Actor | null, threadIds: string[]): Promise<Discussion[]> {
  if (!threadIds.length) return Promise.resolve([]);
  return m
    .getRepository(Discussion)
    .createQueryBuilder('d')
    .leftJoinAndSelect('d.author', 'u')
    .where('d.parent_id IN (:...threadIds)', { threadIds })
    .andWhere(courseReadableSql(actor, { courseId: 'd.course_id' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('d.created_at', 'ASC')
    .addOrderBy('d.id', 'ASC')
    .getMany();
}

/** One post (thread or reply) with its author, whoever may read it (the caller decides); null when there is none. */
export function discussionById(m: EntityManager, id: string): Promise<Discussion | null> {
  return withAuthor(m).where('d.id = :id', { id }).getOne();
}

/** One post with its author, just written in this transaction, so it is there. */
export function discussionByIdOrFail(m: EntityManager, id: string): Promise<Discussion> {
  return withAuthor(m).where('d.id = :id', { id }).getOneOrFail();
}

/**
 * The thread a post of this course belongs to (the post itself when it is a thread), its id and title: what a
 * reply joins, so a reply to a reply lands in the thread. Undefined when the post is not of this course.
 */
export async function threadOf(
  m: DataSource | EntityManager,
  postId: string,
  courseId: string,
): Promise<{ id: string; title: string } | undefined> {
  const [row]: Array<{ id: string; title: string }> = await m.query(
    `SELECT COALESCE(p.id, d.id) AS id, COALESCE(p.title, d.title) AS title
           FROM discussions d LEFT JOIN discussions p ON p.id = d.parent_id
          WHERE d.id = $1 AND d.course_id = $2`,
    [postId, courseId],
  );
  return row;
}

/** Writes a new thread or reply (built by m.create) and answers it with its id and defaults. */
export function insertPost(m: EntityManager, row: Discussion): Promise<Discussion> {
  return m.save(row);
}

/** Changes a post and bumps its version; CONFLICT when `version` is given and stale, not found when gone. */
export function updatePost(
  m: EntityManager,
  id: string,
  set: { title?: string; content?: string },
  version: number | undefined,
): Promise<Discussion> {
  return updateVersioned(m, Discussion, id, set, version, { what: 'discussion', notFound: T.notFound });
}

/** Deletes a post (a thread's replies go with it: the foreign key cascades); not found when a concurrent delete took it first. */
export function deletePost(m: DataSource | EntityManager, id: string): Promise<void> {
  return deleteOne(m, Discussion, id, T.notFound);
}
