import type { DataSource } from 'typeorm';

/** A table held by another connection; `released` tells whether it has been let go yet. */
export interface HeldTable {
  readonly released: boolean;
  /** Ends the holder's transaction (again: nothing). */
  release(): Promise<void>;
}

/**
 * `table` held ACCESS EXCLUSIVE by another connection of `ds`, as a migration or a bulk load holds it (the bench's
 * generator while it rebuilds a table's indexes), until release() or, on its own, after `letGoMs`: a job with no
 * lock timeout waits for the holder until statement_timeout, and the test should fail on what it saw, not hang.
 */
export async function holdTableLock(ds: DataSource, table: string, letGoMs: number): Promise<HeldTable> {
  const holder = ds.createQueryRunner();
  await holder.connect();
  await holder.startTransaction();
  await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    await holder.rollbackTransaction();
    await holder.release();
  };
  const timer = setTimeout(() => void release(), letGoMs);
  return {
    get released() {
      return released;
    },
    release,
  };
}
