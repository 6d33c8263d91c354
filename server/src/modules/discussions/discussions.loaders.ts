import { DataSource } from 'typeorm';
import { listLoader } from '../courses/courses.loaders';
import { Discussion } from './discussion.entity';

/** Threads of authorized courses and replies of threads, each with its author, one statement per level. */
export function discussionLoaders(ds: DataSource) {
  return {
    threadsByCourse: listLoader<Discussion>(
      (courseIds) => ds.getRepository(Discussion).createQueryBuilder('d').leftJoinAndSelect('d.author', 'u')
        .where('d.course_id IN (:...courseIds) AND d.parent_id IS NULL', { courseIds })
        .orderBy('d.created_at', 'DESC').addOrderBy('d.id', 'ASC').getMany(),
      (d) => d.courseId,
    ),
    repliesByThread: listLoader<Discussion>(
      (threadIds) => ds.getRepository(Discussion).createQueryBuilder('d').leftJoinAndSelect('d.author', 'u')
        .where('d.parent_id IN (:...threadIds)', { threadIds })
        .orderBy('d.created_at', 'ASC').addOrderBy('d.id', 'ASC').getMany(),
      (d) => d.parentDiscussionId!,
    ),
  };
}
