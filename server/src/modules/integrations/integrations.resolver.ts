import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import {
  AccessToken,
  Application,
  ApplicationScope,
  ApplicationWithSecret,
  CreateAccessTokenInput,
  CreateApplicationInput,
  CreatedAccessToken,
} from './integrations.types';

/** Personal access tokens (every person, their own) and applications (SuperAdmin and Admin); web sessions only. */
@Resolver()
export class IntegrationsResolver {
  @Query(() => [AccessToken], {
    description:
      'Your personal access tokens, newest first (Settings: Access tokens); never their secrets. A web session of your own role only.',
  })
  accessTokens(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.integrations.tokens.list(actor);
  }

  @Mutation(() => CreatedAccessToken, {
    description:
      'Create a personal access token that acts as you, narrowed to its scope; its secret is in this answer only. At most 50 live tokens.',
  })
  createAccessToken(
    @Arg('input', () => CreateAccessTokenInput) input: CreateAccessTokenInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.integrations.tokens.create(actor, input);
  }

  @Mutation(() => Boolean, { description: "Revoke one of your access tokens at once; not found for anyone else's." })
  async revokeAccessToken(
    @Arg('id', () => ID, { description: 'The token (from accessTokens).' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.integrations.tokens.revoke(actor, id);
    return true;
  }

  @Query(() => [ApplicationScope], { description: 'The scopes an application may be given (SuperAdmin and Admin).' })
  applicationScopes(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.integrations.applications.scopes(actor);
  }

  @Query(() => [Application], {
    description: 'Registered applications by name (Settings: Integrations; SuperAdmin and Admin); never their secrets.',
  })
  applications(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.integrations.applications.list(actor);
  }

  @Mutation(() => ApplicationWithSecret, {
    description:
      'Register an application for OAuth 2.0 client credentials (SuperAdmin and Admin); its client secret is in this answer only.',
  })
  createApplication(
    @Arg('input', () => CreateApplicationInput) input: CreateApplicationInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.integrations.applications.create(actor, input);
  }

  @Mutation(() => ApplicationWithSecret, {
    description:
      'Give an application a new client secret (shown in this answer only); the old secret and the tokens it gave stop working at once. Also re-enables a revoked application.',
  })
  rotateApplicationSecret(
    @Arg('id', () => ID, { description: 'The application.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.integrations.applications.rotate(actor, id);
  }

  @Mutation(() => Application, {
    description:
      "Revoke an application's secret: it gets no more tokens and its tokens stop working at once (rotate gives it a new secret).",
  })
  revokeApplication(
    @Arg('id', () => ID, { description: 'The application.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.integrations.applications.revoke(actor, id);
  }
}
