import { defineManifest } from '../../core/manifest';
import { OneRoster1732300027000 } from './1732300027000-OneRoster';
import { OneRosterCourses1732300027200 } from './1732300027200-OneRosterCourses';
import type { AuthService } from '../auth';
import type { MailService } from '../mail';
import { oneRosterCsvRouter } from './oneroster.csv.rest';
import { OneRosterGradebook } from './oneroster.gradebook';
import { OneRosterImports } from './oneroster.imports';
import { OneRosterGradebookResolver, OneRosterResolver } from './oneroster.resolver';
import { OneRosterService } from './oneroster.service';

/**
 * OneRoster 1.2 (issue 27; ctx.services.oneroster): the mapping of what we hold (oneroster.mapping.ts), the
 * rostering and gradebook services under /ims/oneroster (mounted by app.ts through oneroster.router.ts) for the
 * applications of issue 26 and their OneRoster scopes.
 */
export const oneRosterManifest = defineManifest({
  name: 'oneroster',
  migrations: [OneRoster1732300027000, OneRosterCourses1732300027200],
  resolvers: [OneRosterGradebookResolver, OneRosterResolver],
  services: (ds, config, deps: { auth: AuthService; mail: MailService }) => ({
    reads: new OneRosterService(ds, config),
    gradebook: new OneRosterGradebook(ds),
    imports: new OneRosterImports(ds, config, deps.auth, deps.mail),
  }),
  router: oneRosterCsvRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    oneroster: ReturnType<typeof oneRosterManifest.services>;
  }
}
