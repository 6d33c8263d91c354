import type { Router } from 'express';
import type { DataSource, MigrationInterface } from 'typeorm';
import type { Config } from '../config';
import type { Actor } from '../policies';
import type { DemoSeeder } from '../db/demo-types';
import { eventsOf, type EventHandlers, type Events } from './events';

/** An entity or resolver class, as TypeORM and type-graphql take them. */
export type Class = new (...args: never[]) => unknown;

/** A migration class; its name ends with the timestamp that orders it among every domain's migrations. */
export type MigrationClass = new () => MigrationInterface;

/** A column holding a foreign key to files(id): the file-cleanup sweep keeps every file such a column names. */
export interface FileReference {
  table: string;
  column: string;
}

/**
 * Everything the app needs to know about one domain. `services` builds the domain's services once per process
 * and is handed the services of the domains listed before it (`deps`, typed by the factory's own annotation;
 * app/manifests.ts refuses at compile time a list where a domain comes before one it needs). They are reached
 * as `ctx.services.<name>`. `events` announces a domain's writes to the domains that list a handler for them in
 * `on`. `loaders` builds fresh DataLoaders for each request; their keys are merged into
 * `ctx.loaders`.
 */
export interface ModuleManifest<Name extends string = string, S = unknown, L extends object = object, D extends object = object> {
  name: Name;
  entities?: readonly Class[];
  migrations?: readonly MigrationClass[];
  resolvers?: readonly Class[];
  services: (ds: DataSource, config: Config, deps: D, events: Events) => S;
  /** This domain's reactions to other domains' events (core/events.ts), run in the emitting write's transaction. */
  on?: EventHandlers;
  loaders?: (ds: DataSource, actor: Actor | null) => L;
  /** REST paths under /api. */
  router?: () => Router;
  /** This domain's part of the demo school; seeders run in list order in one transaction. */
  seed?: DemoSeeder;
  fileReferences?: readonly FileReference[];
}

/** Any manifest: what a list of domains holds. */
export type AnyManifest = ModuleManifest<string, unknown, object, never>;

/** Declares a domain; the generics only carry its name, services, loaders and dependencies into the app's types. */
export function defineManifest<const Name extends string, S, L extends object = object, D extends object = object>(
  manifest: ModuleManifest<Name, S, L, D>,
): ModuleManifest<Name, S, L, D> {
  return manifest;
}

type DepsOf<M> = M extends ModuleManifest<string, unknown, object, infer D> ? D : never;
type ServiceEntry<M extends AnyManifest> = { [K in M['name']]: ReturnType<M['services']> };

/** `ctx.services` of a list of domains: each domain's services under its name. */
export type ServicesOf<Ms extends readonly AnyManifest[]> = { [M in Ms[number] as M['name']]: ReturnType<M['services']> };

type MergedLoaders<Ms extends readonly AnyManifest[]> = Ms extends readonly [
  infer H extends AnyManifest,
  ...infer T extends readonly AnyManifest[],
]
  ? ReturnType<NonNullable<H['loaders']>> & MergedLoaders<T>
  : unknown;

/** `ctx.loaders` of a list of domains: every domain's loaders side by side. */
export type LoadersOf<Ms extends readonly AnyManifest[]> = { [K in keyof MergedLoaders<Ms>]: MergedLoaders<Ms>[K] };

/**
 * `true` when A and B are the same type, else `never` (so `const x: SameType<A, B> = true` fails to compile): how
 * the composition root checks that what the domains declare in the kernel's registries is what their manifests build.
 */
export type SameType<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : never;

/** The list itself where every domain's `deps` are among the services before it; otherwise that entry says what is missing. */
type InOrder<Ms extends readonly AnyManifest[], Built = object> = Ms extends readonly [
  infer H extends AnyManifest,
  ...infer T extends readonly AnyManifest[],
]
  ? readonly [
      Built extends DepsOf<H> ? H : { error: `${H['name']} needs services that are not listed before it`; needs: DepsOf<H> },
      ...InOrder<T, Built & ServiceEntry<H>>,
    ]
  : readonly [];

/** The app's list of domains, in dependency order (services and demo seeds are built in this order). */
export function manifestList<const Ms extends readonly AnyManifest[]>(...manifests: Ms & InOrder<Ms>): Ms {
  const names = new Set<string>();
  for (const m of manifests) {
    if (names.has(m.name)) throw new Error(`two domains are named ${m.name}`);
    names.add(m.name);
  }
  return manifests;
}

/**
 * One instance of each domain's services, built in list order, each factory handed those built before it and the
 * list's events.
 */
export function buildServices<Ms extends readonly AnyManifest[]>(manifests: Ms, ds: DataSource, config: Config): ServicesOf<Ms> {
  const built: Record<string, unknown> = {};
  const events = eventsOf(manifests.map((m) => m.on));
  for (const m of manifests) built[m.name] = m.services(ds, config, { ...built } as never, events);
  return built as ServicesOf<Ms>;
}

const VIEWER = Symbol("the request's actor");
const PRIMED = Symbol('values the request already has');
type LoaderHolder = Record<string | symbol, unknown>;

/** A value a request already holds for one loader's key (the viewer's own user row), handed to that loader when it is built. */
export interface Primed {
  loader: string;
  key: unknown;
  value: unknown;
}

/**
 * Makes each request's `ctx.loaders`: every domain's loaders side by side, a domain's built when one of them is
 * first read. A request reads one or two domains' loaders (`me` none but the users'), and building every
 * domain's forty-odd DataLoaders, each with its cache, for every request was a sixth of what a small request
 * allocated (issue 28). Each domain's keys are learnt once here (building loaders reads nothing). `primed`: a value
 * the request already holds (the viewer's user row) goes into its loader when that loader's domain is built, so
 * priming it builds nothing on a request that never reads that domain.
 */
export function loadersFactory<Ms extends readonly AnyManifest[]>(
  manifests: Ms,
  ds: DataSource,
): (actor: Actor | null, primed?: Primed) => LoadersOf<Ms> {
  const shared: LoaderHolder = Object.create(null);
  for (const m of manifests) {
    const build = m.loaders;
    if (!build) continue;
    for (const key of Object.keys(build(ds, null))) {
      if (key in shared) throw new Error(`two domains define the loader ${key}`);
      Object.defineProperty(shared, key, {
        enumerable: true,
        get(this: LoaderHolder) {
          const own = build(ds, this[VIEWER] as Actor | null) as LoaderHolder;
          // the domain's loaders become the request's own properties: later reads find them without this getter
          for (const [k, loader] of Object.entries(own)) Object.defineProperty(this, k, { value: loader, enumerable: true });
          const primed = this[PRIMED] as Primed | undefined;
          if (primed && primed.loader in own)
            (own[primed.loader] as { prime(k: unknown, v: unknown): unknown }).prime(primed.key, primed.value);
          return own[key];
        },
      });
    }
  }
  return (actor, primed) => Object.create(shared, { [VIEWER]: { value: actor }, [PRIMED]: { value: primed } }) as LoadersOf<Ms>;
}

/** The timestamp a migration's class name ends with (TypeORM's own convention). */
export function migrationTimestamp(migration: MigrationClass): number {
  const match = /(\d{13})$/.exec(migration.name);
  if (!match) throw new Error(`migration ${migration.name} does not end with a 13-digit timestamp`);
  return Number(match[1]);
}

/** Every domain's migrations, oldest first. */
export function migrationsOf(manifests: readonly AnyManifest[]): MigrationClass[] {
  return manifests.flatMap((m) => m.migrations ?? []).sort((a, b) => migrationTimestamp(a) - migrationTimestamp(b));
}
