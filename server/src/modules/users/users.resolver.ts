import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { User } from './user.entity';
import { CreateUserInput, UserPage, UsersArgs } from './users.types';

@Resolver(() => User)
export class UsersResolver {
  @Query(() => UserPage, { description: 'Users, filtered and paginated (SuperAdmin, Admin, Teacher). REST: GET /api/users?role=.' })
  users(@Args(() => UsersArgs) args: UsersArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.users.page(requireActor(ctx), args);
  }

  @Query(() => User, { description: 'One user: yourself, or anyone for staff who manage users.' })
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.users.get(requireActor(ctx), id);
  }

  @Mutation(() => User, { description: 'Create a Pending user and mail them an invitation (REST: POST /api/users).' })
  createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @Ctx() ctx: RequestContext) {
    return ctx.services.users.create(requireActor(ctx), input);
  }

  @Mutation(() => Boolean, { description: 'Delete a user (never yourself); their sessions end (REST: DELETE /api/users/{id}).' })
  async deleteUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.users.delete(requireActor(ctx), id);
    return true;
  }
}
