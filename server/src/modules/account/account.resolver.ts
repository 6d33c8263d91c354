import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { User } from '../users';
import { MessagePayload } from '../auth';
import { AccountSession, ChangePasswordInput, RequestEmailChangeInput, UpdateProfileInput } from './account.types';

/** Your Profile and Settings: every signed-in user, on their own account only. */
@Resolver()
export class AccountResolver {
  @Query(() => [AccountSession], { description: "Where you are signed in: your account's live sessions, this one first." })
  mySessions(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.account.sessions(actor);
  }

  @Mutation(() => User, { description: 'Change your own first and last name.' })
  updateProfile(
    @Arg('input', () => UpdateProfileInput) input: UpdateProfileInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.account.updateProfile(actor, input);
  }

  @Mutation(() => MessagePayload, {
    description: 'Change your own password (the current one is required, as often as sign-in allows); your other sessions are signed out.',
  })
  async changePassword(
    @Arg('input', () => ChangePasswordInput) input: ChangePasswordInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return { message: await ctx.services.account.changePassword(actor, input, ctx.ip) };
  }

  @Mutation(() => MessagePayload, {
    description:
      'Change your own sign-in email (the current password is required, as often as sign-in allows): a confirmation link goes to the new ' +
      'address and a notice to the old one; the email changes when the link is opened, which signs out every session.',
  })
  async requestEmailChange(
    @Arg('input', () => RequestEmailChangeInput) input: RequestEmailChangeInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return { message: await ctx.services.account.requestEmailChange(actor, input, ctx.ip) };
  }

  @Mutation(() => Boolean, { description: "Sign out one of your sessions (another browser); not found for anyone else's." })
  async endSession(
    @Arg('id', () => ID, { description: 'The session to sign out (from mySessions).' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.account.endSession(actor, id);
    return true;
  }
}
