import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../app/context';
import { CurrentActor } from '../../app/current-actor';
import { Actor, can } from '../../policies';
import { User } from './user.entity';
import { CreateUserInput, ImportUsersInput, ImportUsersResult, UpdateUserInput, UserConnection, UsersArgs } from './users.types';
import { toConnection, windowOf } from '../../app/paging';
import { USER_PAGE } from './users.service';

@Resolver(() => User)
export class UsersResolver {
  @Query(() => UserConnection, {
    description: 'Users, filtered, a page at a time: first 50 unless asked, at most 200 (SuperAdmin, Admin, Teacher). ' +
      'REST: GET /api/users?role=&limit=&offset= (X-Total-Count).',
  })
  async users(@Args(() => UsersArgs) args: UsersArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.users.page(actor, args, windowOf(args, USER_PAGE)));
  }

  @Query(() => User, { description: 'One user: yourself, or anyone for staff who manage users.' })
  user(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.get(actor, id);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you may edit this user or resend their invitation (a user of a role you may assign): show Edit and Resend Invitation only then.' })
  viewerCanEdit(@Root() user: User, @CurrentActor() actor: Actor) {
    return can(actor, 'user.update', user);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you may delete this user (a user of a role you may assign, never yourself): show Delete only then.' })
  viewerCanDelete(@Root() user: User, @CurrentActor() actor: Actor) {
    return can(actor, 'user.delete', user);
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
      'Edit a user\'s name, email and role: only users of a role the acting role may assign, never your own role, and only to a role you may assign. ' +
      'GraphQL only (the spec names no REST path for it).',
  })
  updateUser(@Arg('input', () => UpdateUserInput) input: UpdateUserInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.update(actor, input);
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
