import fs from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { AnyManifest, loadersFactory, migrationTimestamp, migrationsOf } from '../core/manifest';
import type { Actor } from '../policies';
import { manifests } from './manifests';
import { fileReferences } from '../jobs/file-cleanup';
import { startTestServer } from '../test/test-server';

/** The one list of domains: every domain folder is in it once, and what the app derives from it is whole. */
const list: readonly AnyManifest[] = manifests;

function duplicates(values: unknown[]): unknown[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

it('lists every domain folder once, by its manifest', async () => {
  const folders = fs.readdirSync(path.join(__dirname, '..', 'modules'), { withFileTypes: true }).filter((d) => d.isDirectory());
  const found: unknown[] = [];
  for (const folder of folders) {
    const dir = path.join(__dirname, '..', 'modules', folder.name);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.manifest.ts'));
    expect({ folder: folder.name, manifests: files.length }).toEqual({ folder: folder.name, manifests: 1 });
    found.push(...Object.values(await import(path.join(dir, files[0]))));
  }
  expect(found.filter((m) => list.includes(m as AnyManifest))).toHaveLength(folders.length);
  expect(list).toHaveLength(folders.length);
});

it('gives no name, entity, resolver, migration or loader to two domains', () => {
  expect(duplicates(list.map((m) => m.name))).toEqual([]);
  expect(duplicates(list.flatMap((m) => m.entities ?? []))).toEqual([]);
  expect(duplicates(list.flatMap((m) => m.resolvers ?? []))).toEqual([]);
  expect(duplicates(list.flatMap((m) => m.migrations ?? []).map(migrationTimestamp))).toEqual([]);
  // loaders only build DataLoaders; nothing reads the database until a load
  const ds = {} as DataSource;
  expect(duplicates(list.flatMap((m) => Object.keys(m.loaders?.(ds, null) ?? {})))).toEqual([]);
});

it("builds a request's loaders a domain at a time, for its actor, when one of that domain's loaders is first read", () => {
  const ds = {} as DataSource;
  const built: Array<{ domain: string; actor: Actor | null }> = [];
  const counted = list.map((m) => {
    const build = m.loaders;
    return build ? { ...m, loaders: (d: DataSource, actor: Actor | null) => (built.push({ domain: m.name, actor }), build(d, actor)) } : m;
  });
  const make = loadersFactory(counted, ds);
  built.length = 0; // the factory learns each domain's keys once

  const actor = {
    userId: 'u1',
    role: 'TEACHER',
    activeRole: 'TEACHER',
    impersonating: false,
    sessionId: 's1',
    childIds: [],
  } as unknown as Actor;
  const loaders = make(actor) as unknown as Record<string, unknown>;
  expect(built).toEqual([]);
  const keysOf = (m: AnyManifest) => Object.keys(m.loaders?.(ds, null) ?? {}); // the plain list: counts nothing

  const users = list.find((m) => keysOf(m).includes('userById'))!;
  const userById = loaders.userById;
  expect(built).toEqual([{ domain: users.name, actor }]);
  // the domain's other loaders came with it, and every later read is the same loader
  for (const key of keysOf(users)) expect(loaders[key]).toBeDefined();
  expect(loaders.userById).toBe(userById);
  expect(built).toHaveLength(1);

  // every domain's every loader is there to read; another request's are its own
  const all = list.flatMap(keysOf);
  for (const key of all) expect(loaders[key]).toBeDefined();
  expect(new Set(built.map((b) => b.domain)).size).toBe(list.filter((m) => m.loaders).length);
  expect((make(null) as unknown as Record<string, unknown>).userById).not.toBe(userById);
});

it("hands a primed value to its loader when that loader's domain is built, and builds nothing for it before", async () => {
  const ds = {} as DataSource; // a load that reached the database would fail on it
  const built: string[] = [];
  const counted = list.map((m) => {
    const build = m.loaders;
    return build ? { ...m, loaders: (d: DataSource, actor: Actor | null) => (built.push(m.name), build(d, actor)) } : m;
  });
  const make = loadersFactory(counted, ds);
  built.length = 0;
  const row = { id: 'u1', firstName: 'Ada' };
  const loaders = make(null, { loader: 'userById', key: 'u1', value: row }) as unknown as Record<
    string,
    { load(k: string): Promise<unknown> }
  >;
  expect(built).toEqual([]);
  await expect(loaders.userById.load('u1')).resolves.toBe(row);
  expect(built).toHaveLength(1);
});

it('runs every domain migration by timestamp, as the database records them, and declares every file reference', async () => {
  const t = await startTestServer();
  try {
    const ran: Array<{ name: string }> = await t.ds.query('SELECT name FROM migrations ORDER BY "timestamp"');
    expect(ran.map((r) => r.name)).toEqual(migrationsOf(list).map((m) => m.name));
    const declared = list
      .flatMap((m) => m.fileReferences ?? [])
      .map((r) => `${r.table}.${r.column}`)
      .sort();
    expect((await fileReferences(t.ds.manager)).map((r) => `${r.tbl}.${r.col}`).sort()).toEqual(declared);
  } finally {
    await t.close();
  }
});
