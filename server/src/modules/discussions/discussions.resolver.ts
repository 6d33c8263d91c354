import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor, can } from '../../policies';
import { User } from '../users';
import { Course } from '../courses';
import { Discussion } from './discussion.entity';
import { CreateDiscussionInput, DISCUSSION_PAGE, DiscussionConnection, UpdateDiscussionInput } from './discussions.types';
import { PageArgs, toConnection, windowOf } from '../../core/paging';

@Resolver(() => Discussion)
export class DiscussionsResolver {
  @Query(() => DiscussionConnection, {
    description:
      "A course's threads, newest first, with replies; a page of threads at a time: first 100 unless asked, at most 500 " +
      '(REST: GET /api/discussions/course/{courseId}, ?limit=&offset= with X-Total-Count).',
  })
  async discussions(
    @Arg('courseId', () => ID, { description: 'The course whose discussions to list.' }) courseId: string,
    @Args(() => PageArgs) args: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return toConnection(await ctx.services.discussions.pageForCourse(actor, courseId, windowOf(args, DISCUSSION_PAGE)));
  }

  @Query(() => Discussion, { description: 'One thread or reply.' })
  discussion(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.discussions.get(actor, id);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The author (name and role are shown); null once the account is deleted.' })
  author(@Root() d: Discussion, @Ctx() ctx: RequestContext) {
    if (d.author !== undefined) return d.author;
    return d.authorId ? ctx.loaders.userById.load(d.authorId) : null;
  }

  @FieldResolver(() => [Discussion], { description: "A thread's replies, oldest first (empty for a reply)." })
  replies(@Root() d: Discussion, @Ctx() ctx: RequestContext) {
    if (d.replies) return d.replies;
    return d.parentDiscussionId ? [] : ctx.loaders.repliesByThread.load(d.id);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether you may edit and delete this post (a teacher of the course, or its author): show the icons only then.',
  })
  async viewerCanChange(@Root() d: Discussion, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const course = await ctx.loaders.courseFacts.load(d.courseId);
    return !!course && can(actor, 'discussion.change', { course, authorId: d.authorId });
  }

  @Mutation(() => Discussion, {
    description: 'Start a thread or reply; teachers and students of the course (REST: POST /api/discussions).',
  })
  createDiscussion(
    @Arg('input', () => CreateDiscussionInput) input: CreateDiscussionInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.discussions.create(actor, input);
  }

  @Mutation(() => Discussion, {
    description: 'Edit a thread or reply; a teacher of the course or the author (REST: PUT /api/discussions/{id}).',
  })
  updateDiscussion(
    @Arg('input', () => UpdateDiscussionInput) input: UpdateDiscussionInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.discussions.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete a thread (with all its replies) or a reply; a teacher of the course or the author (REST: DELETE /api/discussions/{id}).',
  })
  async deleteDiscussion(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.discussions.delete(actor, id);
    return true;
  }
}

/** Course.discussions: threads of every course of a response in one statement. */
@Resolver(() => Course)
export class CourseDiscussionsFieldResolver {
  @FieldResolver(() => [Discussion], { description: 'Threads (top-level posts), newest first.' })
  discussions(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return (c as Course & { discussions?: Discussion[] }).discussions ?? ctx.loaders.threadsByCourse.load(c.id);
  }
}
