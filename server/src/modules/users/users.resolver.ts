import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor, can } from '../../policies';
import { User } from './user.entity';
import { CreateUserInput, ImportUsersInput, ImportUsersResult, UpdateUserInput, UserConnection, UsersArgs } from './users.types';
import { toConnection, windowOf } from '../../core/paging';
import { USER_PAGE } from './users.service';

@Resolver(() => User)
export class UsersResolver {
  @Query(() => UserConnection, {
    description:
      'Users, filtered, a page at a time: first 50 unless asked, at most 200 (SuperAdmin, Admin, Teacher). ' +
      'REST: GET /api/users?role=&limit=&offset= (X-Total-Count).',
  })
  async users(@Args(() => UsersArgs) args: UsersArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.users.page(actor, args, windowOf(args, USER_PAGE)));
  }

  @Query(() => User, { description: 'One user: yourself, or anyone for staff who manage users.' })
  user(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.get(actor, id);
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether you may edit this user or resend their invitation (SuperAdmin and Admin: a user of a role they may assign; a Teacher: ' +
      'a student of a class they teach or a parent of one): show Edit and Resend Invitation only then.',
  })
  async viewerCanEdit(@Root() user: User, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.userFacts.load(user.id);
    return !!facts && can(actor, 'user.update', facts);
  }

  @FieldResolver(() => Boolean, {
    description:
      "Whether you may change this user's sign-in email (SuperAdmin and Admin, for users they may edit; it then waits for confirmation at the new address).",
  })
  async viewerCanChangeEmail(@Root() user: User, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.userFacts.load(user.id);
    return !!facts && can(actor, 'user.changeEmail', facts);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether you may delete this user (as viewerCanEdit, never yourself): show Delete only then.',
  })
  async viewerCanDelete(@Root() user: User, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.userFacts.load(user.id);
    return !!facts && can(actor, 'user.delete', facts);
  }

  @Mutation(() => User, { description: 'Create a Pending user and mail them an invitation (REST: POST /api/users).' })
  createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.create(actor, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a user (never yourself); their sessions end (REST: DELETE /api/users/{id}).' })
  async deleteUser(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.users.delete(actor, id);
    return true;
  }

  @Mutation(() => User, {
    description:
      "Edit a user's name, email and role: SuperAdmin and Admin users of a role they may assign, a Teacher only students of classes they teach and their parents; " +
      'never your own role, and only to a role you may assign. A new email waits for confirmation at the new address (pendingEmail). ' +
      'GraphQL only (the spec names no REST path for it).',
  })
  async updateUser(@Arg('input', () => UpdateUserInput) input: UpdateUserInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return (await ctx.services.users.update(actor, input)).user;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'A new sign-in email waiting for its confirmation link to be opened; null when none. Shown to the user themself and to those who may edit them.',
  })
  async pendingEmail(@Root() user: User, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    if (user.id !== actor.userId) {
      const facts = await ctx.loaders.userFacts.load(user.id);
      if (!facts || !can(actor, 'user.update', facts)) return null;
    }
    return ctx.loaders.pendingEmail.load(user.id);
  }

  @Mutation(() => User, {
    description:
      'Mail a Pending user a new 7-day invitation link (earlier links stop working): for users you may edit. ' +
      'Limited like forgot-password, per email and per address (RATE_LIMITED).',
  })
  resendInvitation(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.resendInvitation(actor, id, ctx.ip);
  }

  @Mutation(() => ImportUsersResult, {
    description:
      'Import users from a CSV file parsed by the client (at most 1,000 rows): each row checked as createUser checks one, and against the ' +
      'other rows and existing users. dryRun answers the rows only; otherwise the valid rows are created in one transaction (Pending, invited), ' +
      'or nothing when onlyIfAllValid and a row is invalid.',
  })
  importUsers(@Arg('input', () => ImportUsersInput) input: ImportUsersInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.importUsers(actor, input);
  }
}
