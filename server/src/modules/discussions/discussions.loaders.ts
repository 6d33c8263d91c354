import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { listLoader } from '../../app/dataloaders';
import { Discussion } from './discussion.entity';

/**
 * Posts of these courses the viewer may read ('course.read' in SQL), each with its author: threads newest
 * first, or replies oldest first. Every path to a course's discussions uses it.
 */
export function postsOfCourses(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[], kind: 'threads' | 'replies') {
  return m.getRepository(Discussion).createQueryBuilder('d').leftJoinAndSelect('d.author', 'u')
    .where('d.course_id IN (:...courseIds)', { courseIds })
    .andWhere(kind === 'threads' ? 'd.parent_id IS NULL' : 'd.parent_id IS NOT NULL')
    .andWhere(courseReadableSql(actor, { courseId: 'd.course_id' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('d.created_at', kind === 'threads' ? 'DESC' : 'ASC').addOrderBy('d.id', 'ASC')
    .getMany();
}

/** Per request: threads of courses and replies of threads, one statement per level. */
export function discussionLoaders(ds: DataSource, actor: Actor | null) {
  return {
    threadsByCourse: listLoader((ids) => postsOfCourses(ds, actor, ids, 'threads'), (d) => d.courseId),
    repliesByThread: listLoader(
      (threadIds) => ds.getRepository(Discussion).createQueryBuilder('d').leftJoinAndSelect('d.author', 'u')
        .where('d.parent_id IN (:...threadIds)', { threadIds })
        .andWhere(courseReadableSql(actor, { courseId: 'd.course_id' }, ':viewer'), { viewer: actor?.userId })
        .orderBy('d.created_at', 'ASC').addOrderBy('d.id', 'ASC').getMany(),
      (d) => d.parentDiscussionId!,
    ),
  };
}
