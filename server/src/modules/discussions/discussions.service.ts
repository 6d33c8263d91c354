import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { oneCourseFacts, CoursesService } from '../courses';
import { Discussion } from './discussion.entity';
import {
  deletePost,
  discussionById,
  discussionByIdOrFail,
  insertPost,
  pageOfThreads,
  repliesOf,
  threadOf,
  threadsOfCourses,
  updatePost,
} from './discussions.repository';
import { Page, PageWindow } from '../../core/paging';
import type { Events } from '../../core/events';
import { DISCUSSION_TEXT as T, DiscussionInput, validateNewPost, validatePostEdit } from './discussions.validation';

/**
 * Discussions of a course: the course's teachers and students start threads and reply; a post is edited
 * or deleted by a teacher of the course or its author; deleting a thread deletes its replies.
 */
export class DiscussionsService {
  constructor(
    private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly events: Events,
  ) {}

  private async readable(actor: Actor, id: unknown) {
    const discussionId = assertId(id, T.notFound);
    const discussion = await discussionById(this.ds.manager, discussionId);
    if (!discussion) throw notFound(T.notFound);
    const course = await oneCourseFacts(this.ds, actor, discussion.courseId);
    if (!course) throw notFound(T.notFound);
    authorize(actor, 'course.read', course, { as: 'notFound', message: T.notFound });
    return { discussion, course };
  }

  private async changeable(actor: Actor, id: unknown) {
    const found = await this.readable(actor, id);
    authorize(actor, 'discussion.change', { course: found.course, authorId: found.discussion.authorId }, { message: T.cannotChange });
    return found;
  }

  /**
   * GET /discussions/course/{courseId}: threads (newest first), each with its replies (oldest first) and
   * every author. Two statements whatever the number of posts.
   */
  async listForCourse(actor: Actor, courseId: string): Promise<Discussion[]> {
    const course = await this.courses.readable(actor, courseId);
    return threadsOfCourses(this.ds, actor, [course.id]);
  }

  /**
   * One window of listForCourse's threads, each with its replies (oldest first): the course's check, the page,
   * its total and the page's replies, whatever the number of posts.
   */
  async pageForCourse(actor: Actor, courseId: string, window: PageWindow): Promise<Page<Discussion>> {
    const course = await this.courses.readable(actor, courseId);
    const page = await pageOfThreads(this.ds, actor, course.id, window);
    const byThread = new Map(page.items.map((t) => [t.id, (t.replies = [] as Discussion[])]));
    for (const r of await repliesOf(this.ds, actor, [...byThread.keys()])) byThread.get(r.parentDiscussionId!)?.push(r);
    return page;
  }

  /** One post (a thread or a reply). */
  async get(actor: Actor, id: string): Promise<Discussion> {
    return (await this.readable(actor, id)).discussion;
  }

  /** POST /discussions: a thread, or a reply when parentDiscussion is given (a reply to a reply joins its thread). */
  async create(actor: Actor, input: DiscussionInput & { courseId?: unknown; parentDiscussionId?: unknown }): Promise<Discussion> {
    if (input.courseId === undefined || input.courseId === null || input.courseId === '') throw validation(T.courseRequired, 'courseId');
    const course = await this.courses.readable(actor, input.courseId);
    authorize(actor, 'discussion.post', course, { message: T.cannotPost });
    let thread: { id: string; title: string } | null = null;
    if (input.parentDiscussionId !== undefined && input.parentDiscussionId !== null && input.parentDiscussionId !== '') {
      const parentId = assertId(input.parentDiscussionId, T.notFound);
      const row = await threadOf(this.ds, parentId, course.id);
      if (!row) throw notFound(T.notFound);
      thread = row;
    }
    const fields = validateNewPost(input, thread?.title ?? null);
    return this.ds.transaction(async (m) => {
      const row = await insertPost(
        m,
        m.create(Discussion, {
          ...fields,
          courseId: course.id,
          parentDiscussionId: thread?.id ?? null,
          authorId: actor.userId,
        }),
      );
      if (thread) await this.events.emit(m, 'replyPosted', { replyId: row.id });
      const created = await discussionByIdOrFail(m, row.id);
      if (!thread) created.replies = [];
      return created;
    });
  }

  /** PUT /discussions/{id}: title and content. */
  async update(actor: Actor, id: string, input: DiscussionInput): Promise<Discussion> {
    const { discussion } = await this.changeable(actor, id);
    const { set, version } = validatePostEdit(input);
    return this.ds.transaction(async (m) => {
      await updatePost(m, discussion.id, set, version);
      return discussionByIdOrFail(m, discussion.id);
    });
  }

  /** DELETE /discussions/{id}: a thread's replies go with it (the foreign key cascades). */
  async delete(actor: Actor, id: string): Promise<void> {
    const { discussion } = await this.changeable(actor, id);
    await deletePost(this.ds, discussion.id);
  }
}
