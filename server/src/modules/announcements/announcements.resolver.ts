import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { User } from '../users';
import { Course } from '../courses';
import { Announcement } from './announcement.entity';
import { ANNOUNCEMENT_PAGE, AnnouncementConnection, CreateAnnouncementInput, UpdateAnnouncementInput } from './announcements.types';
import { PageArgs, toConnection, windowOf } from '../../core/paging';

@Resolver(() => Announcement)
export class AnnouncementsResolver {
  @Query(() => AnnouncementConnection, {
    description:
      "A course's announcements, newest first; students see visible ones only; a page at a time: first 100 unless asked, at most 500 " +
      '(REST: GET /api/announcements/course/{courseId}, ?limit=&offset= with X-Total-Count).',
  })
  async announcements(
    @Arg('courseId', () => ID, { description: 'The course whose announcements to list.' }) courseId: string,
    @Args(() => PageArgs) args: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return toConnection(await ctx.services.announcements.pageForCourse(actor, courseId, windowOf(args, ANNOUNCEMENT_PAGE)));
  }

  @Query(() => Announcement, { description: 'One announcement; not found for a student when hidden.' })
  announcement(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.announcements.get(actor, id);
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: "The author (the client shows 'By first last'); null once the account is deleted.",
  })
  author(@Root() a: Announcement, @Ctx() ctx: RequestContext) {
    if (a.author !== undefined) return a.author;
    return a.authorId ? ctx.loaders.userById.load(a.authorId) : null;
  }

  @Mutation(() => Announcement, { description: 'Post an announcement in a course you teach (REST: POST /api/announcements).' })
  createAnnouncement(
    @Arg('input', () => CreateAnnouncementInput) input: CreateAnnouncementInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.announcements.create(actor, input);
  }

  @Mutation(() => Announcement, { description: 'Change an announcement (REST: PUT /api/announcements/{id}).' })
  updateAnnouncement(
    @Arg('input', () => UpdateAnnouncementInput) input: UpdateAnnouncementInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.announcements.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete an announcement (REST: DELETE /api/announcements/{id}).' })
  async deleteAnnouncement(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.announcements.delete(actor, id);
    return true;
  }
}

/** Course.announcements: one statement for all courses of a response, filtered by 'course.readItem' in SQL. */
@Resolver(() => Course)
export class CourseAnnouncementsFieldResolver {
  @FieldResolver(() => [Announcement], { description: 'Announcements, newest first; for students only the visible ones.' })
  announcements(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return (c as Course & { announcements?: Announcement[] }).announcements ?? ctx.loaders.announcementsByCourse.load(c.id);
  }
}
