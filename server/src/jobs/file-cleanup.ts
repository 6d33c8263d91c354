import { DataSource, EntityManager } from 'typeorm';
import { logger } from '../core/logger';
import { FileStore } from '../modules/files';
import { JOB_LOCKS, underAdvisoryLock } from './advisory';
import { ScheduledJob, schedule } from './schedule';

export interface SweepResult {
  /** Another instance was sweeping; nothing was done. */
  skipped: boolean;
  /** Storage keys whose rows were deleted (their bytes were then removed from the store). */
  keys: string[];
}

/** How many byte deletions run at once, so a large sweep does not flood the store. */
const DELETE_BATCH = 16;

/**
 * Columns with a foreign key to files(id), from the catalogue: a domain that keeps files only declares its
 * foreign key and is swept correctly without code here. Names come back quoted for use in SQL.
 */
export function fileReferences(m: EntityManager): Promise<Array<{ tbl: string; col: string }>> {
  return m.query(
    `SELECT c.conrelid::regclass::text AS tbl, quote_ident(a.attname) AS col
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'files'::regclass AND cardinality(c.conkey) = 1
      ORDER BY 1, 2`,
  );
}

/**
 * Deletes the rows of files no row references and returns their keys. No grace period: every files row is
 * written in the same transaction as the row that uses it (FilesService.record), so a committed row is
 * referenced from the start, and bytes whose row is not written yet are never looked at (only rows are).
 */
async function deleteUnreferenced(m: EntityManager): Promise<string[]> {
  const refs = await fileReferences(m);
  const unused = refs.map((r) => `NOT EXISTS (SELECT 1 FROM ${r.tbl} x WHERE x.${r.col} = f.id)`).join(' AND ') || 'true';
  // A clone adding a reference holds the file row FOR KEY SHARE (its foreign key check) until it commits:
  // lock first and skip such rows, then delete with the next statement's fresh snapshot, which sees any
  // clone that committed meanwhile. A clone starting later waits for this transaction and fails on the
  // foreign key rather than leave a dangling reference; the delete itself never trips over RESTRICT.
  const locked: Array<{ id: string }> = await m.query(`SELECT f.id FROM files f WHERE ${unused} FOR UPDATE SKIP LOCKED`);
  if (!locked.length) return [];
  const [rows]: [Array<{ storage_key: string }>] = await m.query(
    `DELETE FROM files f WHERE f.id = ANY($1) AND ${unused} RETURNING f.storage_key`,
    [locked.map((r) => r.id)],
  );
  return rows.map((r) => r.storage_key);
}

/** Removes bytes after their rows are gone for good; a failure only leaves unreachable bytes, so it is logged. */
async function removeBytes(store: FileStore, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    await Promise.all(
      keys
        .slice(i, i + DELETE_BATCH)
        .map((key) => store.delete(key).catch((err) => logger.error({ err, key }, 'could not delete stored file'))),
    );
  }
}

/**
 * One sweep: under the file-cleanup advisory lock (skipped when another instance holds it), the rows of
 * unreferenced files go in one transaction; their bytes go after commit, so a rollback never loses bytes.
 */
export async function sweepUnreferencedFiles(ds: DataSource, store: FileStore): Promise<SweepResult> {
  const run = await underAdvisoryLock(ds, JOB_LOCKS.fileCleanup, deleteUnreferenced);
  if (run.skipped) return { skipped: true, keys: [] };
  await removeBytes(store, run.value);
  return { skipped: false, keys: run.value };
}

/** The sweep every `seconds` (FILE_CLEANUP_SECONDS; 0: off). */
export function startFileCleanup(ds: DataSource, store: FileStore, seconds: number): ScheduledJob {
  return schedule('file-cleanup', seconds, async () => {
    const { skipped, keys } = await sweepUnreferencedFiles(ds, store);
    if (keys.length) logger.info({ files: keys.length }, 'unreferenced files removed');
    else logger.debug({ skipped }, skipped ? 'file cleanup skipped: another instance is sweeping' : 'file cleanup: nothing to remove');
  });
}
