import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../app/context';
import { CurrentActor } from '../../app/current-actor';
import { Actor } from '../../policies';
import { User } from './user.entity';
import { CreateUserInput, UserPage, UsersArgs } from './users.types';

@Resolver(() => User)
export class UsersResolver {
  @Query(() => UserPage, { description: 'Users, filtered and paginated (SuperAdmin, Admin, Teacher). REST: GET /api/users?role=.' })
  users(@Args(() => UsersArgs) args: UsersArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.page(actor, args);
  }

  @Query(() => User, { description: 'One user: yourself, or anyone for staff who manage users.' })
  user(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.users.get(actor, id);
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
}
