import { defineManifest } from '../../core/manifest';
import { Integrations1732300026000 } from './1732300026000-Integrations';
import type { AuthService } from '../auth';
import { AccessTokenService } from './access-tokens.service';
import { ApplicationService } from './applications.service';
import { IntegrationsResolver } from './integrations.resolver';
import { OAuthService } from './oauth.service';

/**
 * Integrations (issue 26; ctx.services.integrations): personal access tokens, applications with OAuth 2.0 client
 * credentials and their token endpoint (POST /oauth/token, mounted by app.ts). The scopes and the application
 * actor are in policies/credentials.ts and policies/actor.ts, where OneRoster (issue 27) builds on them.
 */
export const integrationsManifest = defineManifest({
  name: 'integrations',
  migrations: [Integrations1732300026000],
  resolvers: [IntegrationsResolver],
  services: (ds, config, deps: { auth: AuthService }) => ({
    tokens: new AccessTokenService(ds, deps.auth),
    applications: new ApplicationService(ds, config),
    oauth: new OAuthService(ds, config),
  }),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    integrations: ReturnType<typeof integrationsManifest.services>;
  }
}
