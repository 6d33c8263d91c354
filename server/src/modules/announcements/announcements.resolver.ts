import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { User } from '../users/user.entity';
import { Course } from '../courses/course.entity';
import { Announcement } from './announcement.entity';
import { CreateAnnouncementInput, UpdateAnnouncementInput } from './announcements.types';

@Resolver(() => Announcement)
export class AnnouncementsResolver {
  @Query(() => [Announcement], { description: "A course's announcements, newest first; students see visible ones only (REST: GET /api/announcements/course/{courseId})." })
  announcements(@Arg('courseId', () => ID, { description: 'The course whose announcements to list.' }) courseId: string, @Ctx() ctx: RequestContext) {
    return ctx.services.announcements.listForCourse(requireActor(ctx), courseId);
  }

  @Query(() => Announcement, { description: 'One announcement; not found for a student when hidden.' })
  announcement(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.announcements.get(requireActor(ctx), id);
  }

  @FieldResolver(() => User, { nullable: true, description: "The author (the client shows 'By first last'); null once the account is deleted." })
  author(@Root() a: Announcement, @Ctx() ctx: RequestContext) {
    if (a.author !== undefined) return a.author;
    return a.authorId ? ctx.loaders.userById.load(a.authorId) : null;
  }

  @Mutation(() => Announcement, { description: 'Post an announcement in a course you teach (REST: POST /api/announcements).' })
  createAnnouncement(@Arg('input', () => CreateAnnouncementInput) input: CreateAnnouncementInput, @Ctx() ctx: RequestContext) {
    return ctx.services.announcements.create(requireActor(ctx), input);
  }

  @Mutation(() => Announcement, { description: 'Change an announcement (REST: PUT /api/announcements/{id}).' })
  updateAnnouncement(@Arg('input', () => UpdateAnnouncementInput) input: UpdateAnnouncementInput, @Ctx() ctx: RequestContext) {
    return ctx.services.announcements.update(requireActor(ctx), input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete an announcement (REST: DELETE /api/announcements/{id}).' })
  async deleteAnnouncement(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.announcements.delete(requireActor(ctx), id);
    return true;
  }
}

/** Course.announcements: one statement for all courses of a response; hidden ones only for those who see hidden. */
@Resolver(() => Course)
export class CourseAnnouncementsFieldResolver {
  @FieldResolver(() => [Announcement], { description: 'Announcements, newest first; for students only the visible ones.' })
  announcements(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return (c.viewerSeesHidden ? ctx.loaders.announcementsByCourse : ctx.loaders.visibleAnnouncementsByCourse).load(c.id);
  }
}
