import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { CalendarEvent, CalendarFeedLink, CalendarFeedStatus } from './calendar.types';

/** A due date of GET /calendar: the GraphQL fields, `id` as `_id`. */
export const presentCalendarEvent = presenter((_viewer: Actor, e: CalendarEvent) => ({
  id: e.id,
  assessmentId: e.assessmentId,
  kind: e.kind,
  title: e.title,
  courseId: e.courseId,
  courseTitle: e.courseTitle,
  dueDate: e.dueDate,
  isExtended: e.isExtended,
  status: e.status,
  studentId: e.studentId,
  studentName: e.studentName,
  isVisible: e.isVisible,
  path: e.path,
}));

export const presentFeedStatus = presenter((_viewer: Actor, s: CalendarFeedStatus) => ({
  enabled: s.enabled,
  createdAt: s.createdAt,
  lastFetchedAt: s.lastFetchedAt,
}));

export const presentFeedLink = presenter((_viewer: Actor, l: CalendarFeedLink) => ({
  url: l.url,
  webcalUrl: l.webcalUrl,
  createdAt: l.createdAt,
}));
