import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { byIdLoader, listLoader } from '../../core/dataloaders';
import { modulesByIds, modulesOfCourses } from './modules.repository';

/** Per request: a course's readable modules (one statement for all courses of a response), modules by id. */
export function moduleLoaders(ds: DataSource, actor: Actor | null) {
  return {
    modulesByCourse: listLoader(
      (ids) => modulesOfCourses(ds, actor, ids),
      (m) => m.courseId,
    ),
    moduleById: byIdLoader((ids) => modulesByIds(ds, ids)),
  };
}
