import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { oneCourseFacts, CoursesService } from '../courses';
import { Announcement } from './announcement.entity';
import {
  announcementById,
  announcementByIdOrFail,
  announcementsOfCourses,
  deleteAnnouncement,
  insertAnnouncement,
  pageOfAnnouncements,
  updateAnnouncement,
} from './announcements.repository';
import { Page, PageWindow } from '../../core/paging';
import type { Events } from '../../core/events';
import { ANNOUNCEMENT_TEXT as T, AnnouncementInput, validateAnnouncementEdit, validateNewAnnouncement } from './announcements.validation';

/**
 * Announcements of a course: written by its teachers, read by whoever reads the course; hidden ones only
 * by SuperAdmin, Admin and the course's teachers.
 */
export class AnnouncementsService {
  constructor(
    private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly events: Events,
  ) {}

  /** Two statements: the announcement (with author) and its course's facts; hidden ones are not found for students. */
  private async readable(actor: Actor, id: unknown) {
    const announcementId = assertId(id, T.notFound);
    const announcement = await announcementById(this.ds.manager, announcementId);
    if (!announcement) throw notFound(T.notFound);
    const course = await oneCourseFacts(this.ds, actor, announcement.courseId);
    if (!course) throw notFound(T.notFound);
    authorize(actor, 'course.readItem', { course, visible: announcement.isVisible }, { as: 'notFound', message: T.notFound });
    return { announcement, course };
  }

  private async manageable(actor: Actor, id: unknown) {
    const found = await this.readable(actor, id);
    authorize(actor, 'course.manage', found.course, { message: T.cannotManage });
    return found;
  }

  /** GET /announcements/course/{courseId}: newest first; students get visible ones only (filtered in SQL). */
  async listForCourse(actor: Actor, courseId: string): Promise<Announcement[]> {
    const course = await this.courses.readable(actor, courseId);
    return announcementsOfCourses(this.ds, actor, [course.id]);
  }

  /** One window of listForCourse: the course's check, the page and its total, whatever the size. */
  async pageForCourse(actor: Actor, courseId: string, window: PageWindow): Promise<Page<Announcement>> {
    const course = await this.courses.readable(actor, courseId);
    return pageOfAnnouncements(this.ds, actor, [course.id], window);
  }

  async get(actor: Actor, id: string): Promise<Announcement> {
    return (await this.readable(actor, id)).announcement;
  }

  /** POST /announcements, by a teacher of the course; the author is the actor. */
  async create(actor: Actor, input: AnnouncementInput & { courseId?: unknown }): Promise<Announcement> {
    if (input.courseId === undefined || input.courseId === null || input.courseId === '') throw validation(T.courseRequired, 'courseId');
    const course = await this.courses.readable(actor, input.courseId);
    authorize(actor, 'course.manage', course, { message: T.cannotManage });
    const fields = validateNewAnnouncement(input);
    return this.ds.transaction(async (m) => {
      const row = await insertAnnouncement(m, m.create(Announcement, { ...fields, courseId: course.id, authorId: actor.userId }));
      await this.events.emit(m, 'announcementShown', { announcementId: row.id });
      return announcementByIdOrFail(m, row.id);
    });
  }

  /** PUT /announcements/{id}: title, content, visibility. */
  async update(actor: Actor, id: string, input: AnnouncementInput): Promise<Announcement> {
    const { announcement } = await this.manageable(actor, id);
    const { set, version } = validateAnnouncementEdit(input);
    return this.ds.transaction(async (m) => {
      await updateAnnouncement(m, announcement.id, set, version);
      await this.events.emit(m, 'announcementShown', { announcementId: announcement.id }); // shown now: its students hear of it once
      return announcementByIdOrFail(m, announcement.id);
    });
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const { announcement } = await this.manageable(actor, id);
    await deleteAnnouncement(this.ds, announcement.id);
  }
}
