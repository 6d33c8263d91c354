import { Readable } from 'node:stream';
import { startTestServer, TestServer } from '../test/test-server';
import { FileStore } from '../modules/files';
import { JOB_LOCKS } from './advisory';
import { fileReferences, sweepUnreferencedFiles } from './file-cleanup';

/**
 * The file-cleanup job on its own: which rows it takes (any foreign key to files, found in the catalogue),
 * what it leaves (referenced rows, bytes without a row yet), and that instances take turns by the lock.
 * The domains' tests prove that their deletes leave the files to this job.
 */
let t: TestServer;
let store: FileStore;

beforeAll(async () => {
  t = await startTestServer();
  store = t.services.files.store;
  await t.ds.query('CREATE TABLE test_attachments (id serial PRIMARY KEY, file_id uuid NOT NULL REFERENCES files(id))');
});
afterAll(() => t.close());
// every test starts with nothing to sweep, so it can say exactly what a sweep took
beforeEach(() => sweepUnreferencedFiles(t.ds, store));

/** Bytes in the store and their files row, referenced by nothing. */
async function orphan(text = 'bytes'): Promise<{ id: string; key: string }> {
  const put = await store.put(Readable.from([Buffer.from(text)]));
  const [row] = await t.ds.query(
    `INSERT INTO files (storage_key, original_name, size, mime, sha256) VALUES ($1, 'f.txt', $2, 'text/plain', $3) RETURNING id`,
    [put.key, put.size, put.sha256],
  );
  return { id: row.id, key: put.key };
}

const rowExists = async (id: string) => (await t.ds.query('SELECT 1 FROM files WHERE id = $1', [id])).length === 1;

/** The store, counting deletions (and failing them for the keys in `failing`). */
function countingStore(failing: string[] = []): { store: FileStore; deleted: string[] } {
  const deleted: string[] = [];
  return {
    deleted,
    store: {
      put: (s) => store.put(s),
      get: (k) => store.get(k),
      exists: (k) => store.exists(k),
      async delete(k) {
        deleted.push(k);
        if (failing.includes(k)) throw new Error('store unavailable');
        await store.delete(k);
      },
    },
  };
}

it('finds the referencing columns in the catalogue', async () => {
  expect(await fileReferences(t.ds.manager)).toEqual(
    expect.arrayContaining([
      { tbl: 'contents', col: 'file_id' },
      { tbl: 'test_attachments', col: 'file_id' },
    ]),
  );
});

it('removes unreferenced rows and their bytes; keeps referenced files and bytes that have no row yet', async () => {
  const gone = await orphan('gone');
  const kept = await orphan('kept');
  await t.ds.query('INSERT INTO test_attachments (file_id) VALUES ($1)', [kept.id]);
  // an upload in flight: bytes stored, row not written yet
  const inFlight = await store.put(Readable.from([Buffer.from('in flight')]));

  expect(await sweepUnreferencedFiles(t.ds, store)).toEqual({ skipped: false, keys: [gone.key] });
  expect([await rowExists(gone.id), await store.exists(gone.key)]).toEqual([false, false]);
  expect([await rowExists(kept.id), await store.exists(kept.key)]).toEqual([true, true]);
  expect(await store.exists(inFlight.key)).toBe(true);

  await t.ds.query('DELETE FROM test_attachments WHERE file_id = $1', [kept.id]);
  expect(await sweepUnreferencedFiles(t.ds, store)).toEqual({ skipped: false, keys: [kept.key] });
  expect(await store.exists(kept.key)).toBe(false);
});

it('a table created later with a foreign key to files is honoured without code changes', async () => {
  // an awkward name proves the catalogue's names are quoted when used in SQL
  await t.ds.query('CREATE TABLE "Later Answers" (id serial PRIMARY KEY, "Upload" uuid REFERENCES files(id))');
  try {
    const used = await orphan('used later');
    await t.ds.query('INSERT INTO "Later Answers" ("Upload") VALUES ($1)', [used.id]);
    expect(await sweepUnreferencedFiles(t.ds, store)).toEqual({ skipped: false, keys: [] });
    expect(await rowExists(used.id)).toBe(true);
    await t.ds.query('DELETE FROM "Later Answers"');
    expect((await sweepUnreferencedFiles(t.ds, store)).keys).toEqual([used.key]);
  } finally {
    await t.ds.query('DROP TABLE "Later Answers"');
  }
});

it('two sweeps started at once remove each file exactly once; the second skips on the advisory lock', async () => {
  const files = [await orphan('a'), await orphan('b'), await orphan('c')];
  const counting = countingStore();
  // hold the first sweep inside its transaction (after it took the advisory lock) by blocking its row locks
  const blocker = t.ds.createQueryRunner();
  await blocker.startTransaction();
  await blocker.query('LOCK TABLE files IN EXCLUSIVE MODE');
  const first = sweepUnreferencedFiles(t.ds, counting.store);
  await waitFor(
    async () =>
      (
        await t.ds.query(
          `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
      WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted AND d.datname = current_database()`,
          [JOB_LOCKS.fileCleanup],
        )
      ).length === 1,
  );
  const second = await sweepUnreferencedFiles(t.ds, counting.store);
  await blocker.commitTransaction();
  await blocker.release();

  expect(second).toEqual({ skipped: true, keys: [] });
  const keys = files.map((f) => f.key).sort();
  expect((await first).keys.sort()).toEqual(keys);
  expect(counting.deleted.sort()).toEqual(keys);
  expect(await sweepUnreferencedFiles(t.ds, counting.store)).toEqual({ skipped: false, keys: [] });
});

it('a clone still adding a reference keeps the file: the sweep skips it without waiting or failing', async () => {
  const shared = await orphan('shared');
  await t.ds.query('INSERT INTO test_attachments (file_id) VALUES ($1)', [shared.id]);
  const clone = t.ds.createQueryRunner();
  await clone.startTransaction();
  await clone.query('INSERT INTO test_attachments (file_id) VALUES ($1)', [shared.id]);
  await t.ds.query('DELETE FROM test_attachments WHERE file_id = $1', [shared.id]); // the original goes
  expect(await sweepUnreferencedFiles(t.ds, store)).toEqual({ skipped: false, keys: [] });
  await clone.commitTransaction();
  await clone.release();
  expect(await sweepUnreferencedFiles(t.ds, store)).toEqual({ skipped: false, keys: [] });
  expect([await rowExists(shared.id), await store.exists(shared.key)]).toEqual([true, true]);
  await t.ds.query('DELETE FROM test_attachments WHERE file_id = $1', [shared.id]);
});

it('a byte deletion that fails is logged, not thrown; the row is gone all the same', async () => {
  const broken = await orphan('broken');
  const counting = countingStore([broken.key]);
  expect(await sweepUnreferencedFiles(t.ds, counting.store)).toEqual({ skipped: false, keys: [broken.key] });
  expect(await rowExists(broken.id)).toBe(false);
  expect(await store.exists(broken.key)).toBe(true); // unreachable bytes: harmless, and logged
});

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    if (await check()) return;
  }
  throw new Error('timed out waiting');
}
