import { defineManifest } from '../../core/manifest';
import { DummyNotes9999999999999 } from './9999999999999-DummyNotes';
import { dummyNotesLoaders } from './notes.loaders';
import { DummyNotesResolver } from './notes.resolver';
import { dummyNotesRouter } from './notes.rest';
import { DummyNotesService } from './notes.service';

/**
 * A domain that exists only for app/add-a-domain.test.ts: its folder holds what a real domain's does (a migration,
 * a service, a resolver, request loaders, a REST adapter) and this manifest, and the test adds it to the app with one
 * line, as README "Adding a domain" says.
 */
export const dummyNotesManifest = defineManifest({
  name: 'dummyNotes',
  migrations: [DummyNotes9999999999999],
  resolvers: [DummyNotesResolver],
  services: (ds) => new DummyNotesService(ds),
  loaders: dummyNotesLoaders,
  router: dummyNotesRouter,
});
