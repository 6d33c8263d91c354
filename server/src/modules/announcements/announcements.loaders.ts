import { DataSource } from 'typeorm';
import { listLoader } from '../courses/courses.loaders';
import { Announcement } from './announcement.entity';

const byCourse = (ds: DataSource, visibleOnly: boolean) =>
  listLoader<Announcement>(
    (courseIds) => {
      const qb = ds.getRepository(Announcement).createQueryBuilder('a').leftJoinAndSelect('a.author', 'u')
        .where('a.course_id IN (:...courseIds)', { courseIds })
        .orderBy('a.created_at', 'DESC').addOrderBy('a.id', 'ASC');
      if (visibleOnly) qb.andWhere('a.is_visible');
      return qb.getMany();
    },
    (a) => a.courseId,
  );

/** Announcements of authorized courses, with their authors, in one statement; students' pages use the visible-only one. */
export function announcementLoaders(ds: DataSource) {
  return {
    announcementsByCourse: byCourse(ds, false),
    visibleAnnouncementsByCourse: byCourse(ds, true),
  };
}
