import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { listLoader } from '../../core/dataloaders';
import { Discussion } from './discussion.entity';

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
export function threadsQuery(m: DataSource | EntityManager, actor: Actor | null, courseId: string) {
  return m
    .getRepository(Discussion)
    .createQueryBuilder('d')
    .leftJoinAndSelect('d.author', 'u')
    .where('d.course_id = :courseId AND d.parent_id IS NULL', { courseId })
    .andWhere(courseReadableSql(actor, { courseId: 'd.course_id' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('d.created_at', 'DESC')
    .addOrderBy('d.id', 'ASC');
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

/** Per request: threads of courses with their replies in one statement; replies of threads reached another way. */
export function discussionLoaders(ds: DataSource, actor: Actor | null) {
  return {
    threadsByCourse: listLoader(
      (ids) => threadsOfCourses(ds, actor, ids),
      (d) => d.courseId,
    ),
    repliesByThread: listLoader(
      (threadIds) => repliesOf(ds, actor, threadIds),
      (d) => d.parentDiscussionId!,
    ),
  };
}
