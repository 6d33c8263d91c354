import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { presentPerson } from '../users';
import { Announcement } from './announcement.entity';

/** An announcement for REST: author {_id, firstName, lastName, email, role} (email only for viewers who may read the author) (null once the account is gone), course as its id. */
export const presentAnnouncement = presenter((viewer: Actor, a: Announcement) => ({
  id: a.id,
  title: a.title,
  content: a.content,
  isVisible: a.isVisible,
  course: a.courseId,
  author: presentPerson(viewer, a.author),
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  version: a.version,
}));
