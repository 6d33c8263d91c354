import { loadConfig } from '../config';
import { openDatabase } from './database';
import { seedDemoSchool } from './seed';

/** `pnpm seed`: migrate and seed the demo school into the configured (or embedded) database if it is empty. */
async function main() {
  const db = await openDatabase(loadConfig());
  const seeded = await seedDemoSchool(db.ds);
  console.log(seeded ? 'demo school seeded' : 'database has users already; nothing seeded');
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
