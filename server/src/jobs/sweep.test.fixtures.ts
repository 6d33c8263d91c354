import { DataSource } from 'typeorm';
import { startTestServer, TestServer } from '../test/test-server';
import { seedDemoSchool } from '../app/seed';
import { appDataSource } from '../app/database';
import { Classroom, makeClassroom } from '../test/dashboards.fixtures';

/** What the sweep's tests work in: the server, a second pool on its database (another instance), a classroom of 5 and its pupils. */
export interface SweepWorld {
  t: TestServer;
  ds2: DataSource;
  room: Classroom;
  /** The classroom's students, by last name. */
  pupils: string[];
  close(): Promise<void>;
}

/** The demo school without its own items (they are not what the sweep's tests count), and a classroom of teacher@'s. */
export async function startSweepWorld(poolSize: number): Promise<SweepWorld> {
  const t = await startTestServer();
  await seedDemoSchool(t.ds);
  await t.ds.query('DELETE FROM assessments');
  const ds2 = appDataSource((t.ds.options as { url: string }).url, { poolSize });
  await ds2.initialize();
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  const room = await makeClassroom(t.ds, id, 5);
  const pupils = (await t.ds.query('SELECT id FROM users WHERE class_id = $1 ORDER BY last_name', [room.classId])).map(
    (r: { id: string }) => r.id,
  );
  return {
    t,
    ds2,
    room,
    pupils,
    async close() {
      await ds2.destroy();
      await t.close();
    },
  };
}
