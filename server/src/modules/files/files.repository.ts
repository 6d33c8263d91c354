import { DataSource, EntityManager } from 'typeorm';
import { StoredFile } from './stored-file.entity';

/*
 * Every statement of the files domain (issue 29): the metadata row of stored bytes, through TypeORM's entity
 * manager. The bytes themselves are the FileStore's (file-store.ts, s3-file-store.ts), not the database's.
 */

/** Writes a file's metadata row in the caller's transaction and answers it with its id. */
export function saveStoredFile(m: EntityManager, file: StoredFile): Promise<StoredFile> {
  return m.save(file);
}

/** A file's metadata row by id, or null: what a domain that checked who may read the file opens. */
export function storedFileById(ds: DataSource | EntityManager, id: string): Promise<StoredFile | null> {
  return ds.getRepository(StoredFile).findOneBy({ id });
}
