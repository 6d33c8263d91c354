import { personRest } from '../courses/courses.shape';
import { Discussion } from './discussion.entity';

/** A reply for REST: {_id, title, content, author, createdAt, parentDiscussion}. */
export const replyRest = (d: Discussion) => ({
  id: d.id,
  title: d.title,
  content: d.content,
  author: personRest(d.author),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  parentDiscussion: d.parentDiscussionId,
  course: d.courseId,
  version: d.version,
});

/** A post for REST: author {_id, firstName, lastName, role}; threads carry their replies. */
export const discussionRest = (d: Discussion) => ({
  ...replyRest(d),
  ...(d.replies ? { replies: d.replies.map(replyRest) } : {}),
});
