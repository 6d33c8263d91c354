import { Target, itemPath, targetPath } from '@lms/routes';
import { AssessmentKind } from '../assessments';

/**
 * What a notification points at (issue 29), stored as `notifications.target` with the ids it needs in the row's
 * own columns; the route table (@lms/routes) makes the address when it is read, so no URL is stored. The database
 * CHECKs name the same words and that an item's page has its assessment, a course's tab its course.
 */
export enum NotificationTarget {
  /** The item's page where the student sees their work and its result (graded, released). */
  itemView = 'itemView',
  /** The item's page where the student hands it in (reopened, due soon). */
  itemSubmit = 'itemSubmit',
  /** The course page at its Announcements tab. */
  courseAnnouncements = 'courseAnnouncements',
  /** The course page at its Discussions tab. */
  courseDiscussions = 'courseDiscussions',
  /** The dashboard: a parent's copy of a child's notice (the child's pages are not the parent's). */
  dashboard = 'dashboard',
}

/** The columns of a notification row a target is made of; `itemKind` is its assessment's kind, read with it. */
export interface NotificationTargetFields {
  target: NotificationTarget;
  courseId: string | null;
  assessmentId: string | null;
  itemKind: AssessmentKind | null;
}

/** The typed target of a notification row (the dashboard when a page's id is missing, which the CHECKs rule out). */
export function notificationTarget(n: NotificationTargetFields): Target {
  switch (n.target) {
    case NotificationTarget.itemView:
    case NotificationTarget.itemSubmit:
      return n.assessmentId && n.itemKind
        ? { to: 'item', itemKind: n.itemKind, itemId: n.assessmentId, page: n.target === NotificationTarget.itemView ? 'view' : 'submit' }
        : { to: 'dashboard' };
    case NotificationTarget.courseAnnouncements:
    case NotificationTarget.courseDiscussions:
      return n.courseId
        ? { to: 'course', courseId: n.courseId, tab: n.target === NotificationTarget.courseAnnouncements ? 'announcements' : 'discussions' }
        : { to: 'dashboard' };
    default:
      return { to: 'dashboard' };
  }
}

/** The web app's path of a notification row, from the route table. */
export const notificationLink = (n: NotificationTargetFields): string => targetPath(notificationTarget(n));

/** The page where a student submits an item (the To Do, the digest's due items). */
export const submitLink = (kind: AssessmentKind, assessmentId: string): string => itemPath(kind, 'submit', assessmentId);

/** A row's target columns as SQL returns them (snake case), for statements that read notifications without the entity. */
export interface NotificationTargetRow {
  target: NotificationTarget;
  course_id: string | null;
  assessment_id: string | null;
  item_kind: AssessmentKind | null;
}

export const linkOfRow = (r: NotificationTargetRow): string =>
  notificationLink({ target: r.target, courseId: r.course_id, assessmentId: r.assessment_id, itemKind: r.item_kind });

/** The SQL column of the item's kind for a notification aliased `alias` (a subquery on the primary key). */
export const ITEM_KIND_SQL = (alias: string) => `(SELECT ik.kind FROM assessments ik WHERE ik.id = ${alias}.assessment_id)`;
