import { defineManifest } from '../../core/manifest';
import { Foundation1732300000000 } from './1732300000000-Foundation';
import { UserNameIndex1732300004000 } from './1732300004000-UserNameIndex';
import { UserDeactivation1732300027100 } from './1732300027100-UserDeactivation';
import type { MailService } from '../mail';
import { User } from './user.entity';
import { UsersResolver } from './users.resolver';
import { usersRouter } from './users.rest';
import { UsersService, type AuthService } from './users.service';
import { userLoaders } from './users.loaders';

/** Users and their management. */
export const usersManifest = defineManifest({
  name: 'users',
  entities: [User],
  migrations: [Foundation1732300000000, UserNameIndex1732300004000, UserDeactivation1732300027100],
  resolvers: [UsersResolver],
  services: (ds, _config, deps: { auth: AuthService; mail: MailService }) => new UsersService(ds, deps.auth, deps.mail),
  loaders: userLoaders,
  router: usersRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    users: ReturnType<typeof usersManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof usersManifest.loaders>> {}
}
