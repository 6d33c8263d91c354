import { DataSource, EntityManager, In } from 'typeorm';
import { Actor } from '../../policies';
import { itemReadableSql } from '../../policies/sql';
import { byIdLoader, listLoader } from '../../core/dataloaders';
import { CourseModule } from './module.entity';

/**
 * The modules of these courses that the viewer may read ('course.readItem' in SQL: hidden ones only for
 * SuperAdmin, Admin and the course's teachers), by order. Every path to a course's modules uses it.
 */
export function modulesOfCourses(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]): Promise<CourseModule[]> {
  return m
    .getRepository(CourseModule)
    .createQueryBuilder('m')
    .where('m.course_id IN (:...courseIds)', { courseIds })
    .andWhere(itemReadableSql(actor, { courseId: 'm.course_id', visible: 'm.is_visible' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('m.sort_order', 'ASC')
    .addOrderBy('m.created_at', 'ASC')
    .addOrderBy('m.id', 'ASC')
    .getMany();
}

/** Per request: a course's readable modules (one statement for all courses of a response), modules by id. */
export function moduleLoaders(ds: DataSource, actor: Actor | null) {
  return {
    modulesByCourse: listLoader(
      (ids) => modulesOfCourses(ds, actor, ids),
      (m) => m.courseId,
    ),
    moduleById: byIdLoader((ids) => ds.getRepository(CourseModule).findBy({ id: In(ids) })),
  };
}
