import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { presentPerson } from '../users';
import { Discussion } from './discussion.entity';

/** A reply for REST: {_id, title, content, author, createdAt, parentDiscussion}. */
const reply = (viewer: Actor, d: Discussion) => ({
  id: d.id,
  title: d.title,
  content: d.content,
  author: presentPerson(viewer, d.author),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  parentDiscussion: d.parentDiscussionId,
  course: d.courseId,
  version: d.version,
});

/**
 * A post for REST: author {_id, firstName, lastName, role} (and email only for viewers who may read the
 * author); threads carry their replies.
 */
export const presentDiscussion = presenter((viewer: Actor, d: Discussion) => ({
  ...reply(viewer, d),
  ...(d.replies ? { replies: d.replies.map((r) => reply(viewer, r)) } : {}),
}));
