import { defineModule } from '../../app/module';
import { StoredFile } from './stored-file.entity';
import { FilesService, createFileStore } from './files.service';

/** Stored files: metadata rows and the FileStore that keeps their bytes (its table came with the courses domain's migration). */
export const filesModule = defineModule({
  name: 'files',
  entities: [StoredFile],
  services: (_ds, config) => new FilesService(createFileStore(config)),
});
