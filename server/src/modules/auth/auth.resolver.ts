import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import {
  AuthPayload,
  EmailChangeTokenInput,
  ForgotPasswordInput,
  LoginInput,
  MessagePayload,
  RegisterInput,
  ResetPasswordInput,
  SessionInfo,
  SwitchRoleInput,
  SwitchRolePayload,
} from './auth.types';

/** The answer of a sign-in is read by the user who just signed in, so the field rules judge it as theirs. */
function signedIn<T extends { actor: Actor }>(ctx: RequestContext, answer: T): T {
  ctx.actor = answer.actor;
  return answer;
}

@Resolver()
export class AuthResolver {
  @Query(() => SessionInfo, { description: 'The signed-in user and session (REST: GET /api/auth/me).' })
  me(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.auth.me(actor, ctx.loaders.userById);
  }

  @Mutation(() => AuthPayload, {
    description: 'Sign in (REST: POST /api/auth/login). Failed attempts are limited per account and address.',
  })
  async login(@Arg('input', () => LoginInput) input: LoginInput, @Ctx() ctx: RequestContext) {
    return signedIn(ctx, await ctx.services.auth.login(input, ctx.ip));
  }

  @Mutation(() => AuthPayload, { description: 'Create a Student account and sign in; refused unless registration is open.' })
  async register(@Arg('input', () => RegisterInput) input: RegisterInput, @Ctx() ctx: RequestContext) {
    return signedIn(ctx, await ctx.services.auth.register(input, ctx.ip));
  }

  @Mutation(() => Boolean, { description: 'End this session; its token stops working everywhere (REST: GET /api/auth/logout).' })
  async logout(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.auth.logout(actor);
    return true;
  }

  @Mutation(() => SwitchRolePayload, {
    description: 'View the app as another role, or "original" to switch back (REST: POST /api/auth/switch-role).',
  })
  switchRole(@Arg('input', () => SwitchRoleInput) input: SwitchRoleInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.auth.switchRole(actor, input.role);
  }

  @Mutation(() => MessagePayload, {
    description:
      'Mail a reset link (REST: POST /api/auth/forgot-password); the same answer whether or not the email is known. Limited per email and per address (RATE_LIMITED).',
  })
  async forgotPassword(@Arg('input', () => ForgotPasswordInput) input: ForgotPasswordInput, @Ctx() ctx: RequestContext) {
    return { message: await ctx.services.auth.forgotPassword(input.email, ctx.ip) };
  }

  @Mutation(() => MessagePayload, {
    description: 'Set a new password with a single-use token (REST: POST /api/users/reset-password/{token}).',
  })
  async resetPassword(@Arg('input', () => ResetPasswordInput) input: ResetPasswordInput, @Ctx() ctx: RequestContext) {
    return { message: await ctx.services.auth.resetPassword(input.token, input.password) };
  }

  @Mutation(() => MessagePayload, {
    description:
      'Confirm a sign-in email change with the link mailed to the new address: the email changes, and every session and ' +
      'outstanding link of the account ends (REST: POST /api/auth/confirm-email). No sign-in needed.',
  })
  async confirmEmailChange(@Arg('input', () => EmailChangeTokenInput) input: EmailChangeTokenInput, @Ctx() ctx: RequestContext) {
    return { message: await ctx.services.auth.emailChanges.confirm(input.token) };
  }

  @Mutation(() => MessagePayload, {
    description:
      'Report a sign-in email change with the link mailed to the old address: the change is cancelled and the report is ' +
      'put in the audit log (REST: POST /api/auth/report-email-change). No sign-in needed.',
  })
  async reportEmailChange(@Arg('input', () => EmailChangeTokenInput) input: EmailChangeTokenInput, @Ctx() ctx: RequestContext) {
    return { message: await ctx.services.auth.emailChanges.report(input.token) };
  }
}
