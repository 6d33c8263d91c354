import { Client } from 'pg';
import { databaseUrl } from './env';

/** One connection to the browser tests' database for set-up and checks the UI cannot make, closed after. */
export async function withDb<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}
