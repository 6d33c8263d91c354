import { EntityManager } from 'typeorm';
import { StoredFile } from './stored-file.entity';

/*
 * Every statement of the files domain (issue 29): the metadata row of stored bytes, through TypeORM's entity
 * manager. The bytes themselves are the FileStore's (file-store.ts, s3-file-store.ts), not the database's.
 */

/** Writes a file's metadata row in the caller's transaction and answers it with its id. */
export function saveStoredFile(m: EntityManager, file: StoredFile): Promise<StoredFile> {
  return m.save(file);
}
