/**
 * Every statement of the announcements domain (its migration aside): TypeORM throughout, query builders for the
 * reads (each joins the author, so a list is one statement) and the shared row helpers for the writes. The
 * service and loaders decide who may read or change what; these functions only read and write.
 */
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { itemReadableSql } from '../../policies/sql';
import { deleteOne } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import { Announcement } from './announcement.entity';
import { ANNOUNCEMENT_TEXT as T } from './announcements.validation';

/** The announcement rows with their authors joined: what every read of one answers with. */
function withAuthor(m: EntityManager) {
  return m.getRepository(Announcement).createQueryBuilder('a').leftJoinAndSelect('a.author', 'u');
}

/**
 * The announcements of these courses that the viewer may read ('course.readItem' in SQL), newest first,
 * with their authors. Every path to a course's announcements uses it.
 */
export function announcementsOfCourses(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]): Promise<Announcement[]> {
  return announcementsQuery(m, actor, courseIds).getMany();
}

/** announcementsOfCourses as a query (its authors are to-one joins): for a page of one course's. */
function announcementsQuery(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]) {
  return m
    .getRepository(Announcement)
    .createQueryBuilder('a')
    .leftJoinAndSelect('a.author', 'u')
    .where('a.course_id IN (:...courseIds)', { courseIds })
    .andWhere(itemReadableSql(actor, { courseId: 'a.course_id', visible: 'a.is_visible' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('a.created_at', 'DESC')
    .addOrderBy('a.id', 'ASC');
}

/** One window of announcementsOfCourses and its total. */
export function pageOfAnnouncements(
  m: DataSource | EntityManager,
  actor: Actor | null,
  courseIds: string[],
  window: PageWindow,
): Promise<Page<Announcement>> {
  return pageOfQuery(announcementsQuery(m, actor, courseIds), window);
}

/** One announcement with its author, whoever may read it (the caller decides); null when there is none. */
export function announcementById(m: EntityManager, id: string): Promise<Announcement | null> {
  return withAuthor(m).where('a.id = :id', { id }).getOne();
}

/** One announcement with its author, just written in this transaction, so it is there. */
export function announcementByIdOrFail(m: EntityManager, id: string): Promise<Announcement> {
  return withAuthor(m).where('a.id = :id', { id }).getOneOrFail();
}

/** Writes a new announcement (built by m.create) and answers it with its id and defaults. */
export function insertAnnouncement(m: EntityManager, row: Announcement): Promise<Announcement> {
  return m.save(row);
}

/** Changes an announcement and bumps its version; CONFLICT when `version` is given and stale, not found when gone. */
export function updateAnnouncement(
  m: EntityManager,
  id: string,
  set: { title?: string; content?: string; isVisible?: boolean },
  version: number | undefined,
): Promise<Announcement> {
  return updateVersioned(m, Announcement, id, set, version, { what: 'announcement', notFound: T.notFound });
}

/** Deletes an announcement; not found when a concurrent delete took it first. */
export function deleteAnnouncement(m: DataSource | EntityManager, id: string): Promise<void> {
  return deleteOne(m, Announcement, id, T.notFound);
}
