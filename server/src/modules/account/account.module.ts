import { defineModule } from '../../app/module';
import { AccountResolver } from './account.resolver';
import { AccountService } from './account.service';

/** A signed-in user's own account: name, password, sessions (Your Profile and Settings; ctx.services.account). */
export const accountModule = defineModule({
  name: 'account',
  resolvers: [AccountResolver],
  services: (ds) => new AccountService(ds),
});
