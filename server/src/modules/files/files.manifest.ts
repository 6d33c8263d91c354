import { defineManifest } from '../../core/manifest';
import { Files1732300001900 } from './1732300001900-Files';
import { StoredFile } from './stored-file.entity';
import { FilesService, createFileStore } from './files.service';

/** Stored files: metadata rows and the FileStore that keeps their bytes (its table came with the courses domain's migration). */
export const filesManifest = defineManifest({
  name: 'files',
  migrations: [Files1732300001900],
  entities: [StoredFile],
  services: (_ds, config) => new FilesService(createFileStore(config)),
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    files: ReturnType<typeof filesManifest.services>;
  }
}
