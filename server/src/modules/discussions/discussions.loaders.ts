import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { listLoader } from '../../core/dataloaders';
import { repliesOf, threadsOfCourses } from './discussions.repository';

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
