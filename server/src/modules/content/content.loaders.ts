import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { itemReadableSql } from '../../policies/sql';
import { listLoader } from '../../core/dataloaders';
import { Content } from './content.entity';

/**
 * The content of these modules that the viewer may read ('course.readItem' in SQL: an item is visible when
 * it and its module are), by upload time. Every path to a module's content uses it.
 */
export function contentsOfModules(m: DataSource | EntityManager, actor: Actor | null, moduleIds: string[]): Promise<Content[]> {
  return m
    .getRepository(Content)
    .createQueryBuilder('ct')
    .innerJoin('course_modules', 'md', 'md.id = ct.module_id')
    .where('ct.module_id IN (:...moduleIds)', { moduleIds })
    .andWhere(itemReadableSql(actor, { courseId: 'md.course_id', visible: '(ct.is_visible AND md.is_visible)' }, ':viewer'), {
      viewer: actor?.userId,
    })
    .orderBy('ct.created_at', 'ASC')
    .addOrderBy('ct.id', 'ASC')
    .getMany();
}

/** Per request: a module's readable content, one statement for all modules of a response. */
export function contentLoaders(ds: DataSource, actor: Actor | null) {
  return {
    contentsByModule: listLoader(
      (ids) => contentsOfModules(ds, actor, ids),
      (c) => c.moduleId,
    ),
  };
}
