import { defineManifest } from '../../core/manifest';
import { Contents1732300002200 } from './1732300002200-Contents';
import type { ModulesService } from '../course-modules';
import type { FilesService } from '../files';
import { Content } from './content.entity';
import { ContentResolver, ModuleContentsFieldResolver } from './content.resolver';
import { ContentService } from './content.service';
import { contentLoaders } from './content.loaders';
import { contentRouter } from './content.rest';

/** Content items of modules, each with its stored file. */
export const contentManifest = defineManifest({
  name: 'content',
  migrations: [Contents1732300002200],
  entities: [Content],
  resolvers: [ContentResolver, ModuleContentsFieldResolver],
  services: (ds, _config, deps: { modules: ModulesService; files: FilesService }) => new ContentService(ds, deps.modules, deps.files),
  loaders: contentLoaders,
  router: contentRouter,
  fileReferences: [{ table: 'contents', column: 'file_id' }],
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    content: ReturnType<typeof contentManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof contentManifest.loaders>> {}
}
