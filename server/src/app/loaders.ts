import { DataSource } from 'typeorm';
import { Actor } from '../policies';
import type { Loaders } from '../core/context';
import { AnyManifest, LoadersOf, Primed, SameType, loadersFactory } from '../core/manifest';
import { manifests } from './manifests';

/** The kernel's `Loaders` (each domain declares its own in its manifest file) is exactly every listed domain's loaders side by side. */
export const loadersDeclared: SameType<Loaders, LoadersOf<typeof manifests>> = true;

/** Makes a request's loaders: fresh for each request, so nothing cached outlives it. */
export type RequestLoaders = (actor: Actor | null, primed?: Primed) => Loaders;

/**
 * The request loaders of a list of domains over a data source (the app's: every listed domain's). They know the
 * viewer, so lists are filtered in SQL.
 */
export function requestLoaders(ds: DataSource, list: readonly AnyManifest[] = manifests): RequestLoaders {
  return loadersFactory(list, ds) as RequestLoaders;
}
