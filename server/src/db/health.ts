import { DataSource } from 'typeorm';

/**
 * Whether the database answers `SELECT 1` within `timeoutMs`. Never waits longer (the pool's acquire
 * timeout may be longer) and never rejects: a late answer or failure after the deadline is swallowed.
 */
export async function databaseAnswers(ds: DataSource, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = ds.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
