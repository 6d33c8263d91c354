import { personRest } from '../courses/courses.shape';
import { Announcement } from './announcement.entity';

/** An announcement for REST: author {_id, firstName, lastName, role} (null once the account is gone), course as its id. */
export const announcementRest = (a: Announcement) => ({
  id: a.id,
  title: a.title,
  content: a.content,
  isVisible: a.isVisible,
  course: a.courseId,
  author: personRest(a.author),
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  version: a.version,
});
