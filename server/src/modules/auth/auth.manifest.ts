import { defineManifest } from '../../core/manifest';
import { AuthTables1732300000100 } from './1732300000100-AuthTables';
import { AuthRequestLimits1732300008100 } from './1732300008100-AuthRequestLimits';
import { EmailChanges1732300017000 } from './1732300017000-EmailChanges';
import type { MailService } from '../mail';
import { LoginAttempt, PasswordToken, Session } from './session.entity';
import { AuthResolver } from './auth.resolver';
import { authRouter } from './auth.rest';
import { AuthService } from './auth.service';

/** Auth: sessions, sign-in and reset-request limits, password reset, role switching. */
export const authManifest = defineManifest({
  name: 'auth',
  entities: [Session, PasswordToken, LoginAttempt],
  migrations: [AuthTables1732300000100, AuthRequestLimits1732300008100, EmailChanges1732300017000],
  resolvers: [AuthResolver],
  services: (ds, config, deps: { mail: MailService }) => new AuthService(ds, config, deps.mail),
  router: authRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    auth: ReturnType<typeof authManifest.services>;
  }
}
