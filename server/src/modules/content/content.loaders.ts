import { DataSource, In } from 'typeorm';
import { listLoader } from '../courses/courses.loaders';
import { Content } from './content.entity';

const byModule = (ds: DataSource, visibleOnly: boolean) =>
  listLoader<Content>(
    (moduleIds) => ds.getRepository(Content).find({
      where: { moduleId: In(moduleIds), ...(visibleOnly ? { isVisible: true } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    }),
    (c) => c.moduleId,
  );

/** Content of modules the service already authorized; students' pages use the visible-only loader. */
export function contentLoaders(ds: DataSource) {
  return {
    contentsByModule: byModule(ds, false),
    visibleContentsByModule: byModule(ds, true),
  };
}
