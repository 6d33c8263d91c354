import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { listLoader } from '../courses/courses.loaders';
import { CourseModule } from './module.entity';

const byCourse = (ds: DataSource, visibleOnly: boolean) =>
  listLoader<CourseModule>(
    (courseIds) => ds.getRepository(CourseModule).find({
      where: { courseId: In(courseIds), ...(visibleOnly ? { isVisible: true } : {}) },
      order: { order: 'ASC', createdAt: 'ASC' },
    }),
    (m) => m.courseId,
  );

/**
 * Modules of courses the service already authorized, in one statement per level. Students' pages use the
 * visible-only loader, so hidden modules are filtered in SQL and never leave the server.
 */
export function moduleLoaders(ds: DataSource) {
  return {
    modulesByCourse: byCourse(ds, false),
    visibleModulesByCourse: byCourse(ds, true),
    moduleById: new DataLoader<string, CourseModule | null>(async (ids) => {
      const rows = await ds.getRepository(CourseModule).findBy({ id: In([...ids]) });
      const map = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => map.get(id) ?? null);
    }),
  };
}
