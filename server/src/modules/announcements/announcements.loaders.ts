import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { listLoader } from '../../core/dataloaders';
import { announcementsOfCourses } from './announcements.repository';

/** Per request: a course's readable announcements, one statement for all courses of a response. */
export function announcementLoaders(ds: DataSource, actor: Actor | null) {
  return {
    announcementsByCourse: listLoader(
      (ids) => announcementsOfCourses(ds, actor, ids),
      (a) => a.courseId,
    ),
  };
}
