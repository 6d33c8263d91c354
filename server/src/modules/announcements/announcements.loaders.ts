import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { itemReadableSql } from '../../policies/sql';
import { listLoader } from '../../core/dataloaders';
import { Announcement } from './announcement.entity';

/**
 * The announcements of these courses that the viewer may read ('course.readItem' in SQL), newest first,
 * with their authors. Every path to a course's announcements uses it.
 */
export function announcementsOfCourses(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]): Promise<Announcement[]> {
  return announcementsQuery(m, actor, courseIds).getMany();
}

/** announcementsOfCourses as a query (its authors are to-one joins): for a page of one course's. */
export function announcementsQuery(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]) {
  return m
    .getRepository(Announcement)
    .createQueryBuilder('a')
    .leftJoinAndSelect('a.author', 'u')
    .where('a.course_id IN (:...courseIds)', { courseIds })
    .andWhere(itemReadableSql(actor, { courseId: 'a.course_id', visible: 'a.is_visible' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('a.created_at', 'DESC')
    .addOrderBy('a.id', 'ASC');
}

/** Per request: a course's readable announcements, one statement for all courses of a response. */
export function announcementLoaders(ds: DataSource, actor: Actor | null) {
  return {
    announcementsByCourse: listLoader(
      (ids) => announcementsOfCourses(ds, actor, ids),
      (a) => a.courseId,
    ),
  };
}
