import { defineModule } from '../../app/module';
import { OneRoster1732300027000 } from '../../db/migrations/1732300027000-OneRoster';
import { OneRosterGradebook } from './oneroster.gradebook';
import { OneRosterGradebookResolver } from './oneroster.resolver';
import { OneRosterService } from './oneroster.service';

/**
 * OneRoster 1.2 (issue 27; ctx.services.oneroster): the mapping of what we hold (oneroster.mapping.ts), the
 * rostering and gradebook services under /ims/oneroster (mounted by app.ts through oneroster.router.ts) for the
 * applications of issue 26 and their OneRoster scopes.
 */
export const oneRosterModule = defineModule({
  name: 'oneroster',
  migrations: [OneRoster1732300027000],
  resolvers: [OneRosterGradebookResolver],
  services: (ds, config) => ({ reads: new OneRosterService(ds, config), gradebook: new OneRosterGradebook(ds) }),
});
