import { defineManifest } from '../../core/manifest';
import { AccountResolver } from './account.resolver';
import { AccountService } from './account.service';
import type { AuthService } from '../auth';
import type { MailService } from '../mail';

/** A signed-in user's own account: name, email, password, sessions (Your Profile and Settings; ctx.services.account). */
export const accountManifest = defineManifest({
  name: 'account',
  resolvers: [AccountResolver],
  services: (ds, _config, deps: { auth: AuthService; mail: MailService }) => new AccountService(ds, deps.auth, deps.mail),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    account: ReturnType<typeof accountManifest.services>;
  }
}
