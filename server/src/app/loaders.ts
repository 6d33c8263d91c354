import { DataSource } from 'typeorm';
import { Actor } from '../policies';
import type { Loaders } from '../core/context';
import { LoadersOf, Primed, SameType, loadersFactory } from '../core/manifest';
import { manifests } from './manifests';

/** The kernel's `Loaders` (each domain declares its own in its manifest file) is exactly every listed domain's loaders side by side. */
export const loadersDeclared: SameType<Loaders, LoadersOf<typeof manifests>> = true;

const factories = new WeakMap<DataSource, (actor: Actor | null, primed?: Primed) => Loaders>();

/** Fresh DataLoaders for every request, so nothing cached outlives it; they know the viewer, so lists are filtered in SQL. */
export function createLoaders(ds: DataSource, actor: Actor | null, primed?: Primed): Loaders {
  let make = factories.get(ds);
  if (!make) factories.set(ds, (make = loadersFactory(manifests, ds)));
  return make(actor, primed);
}
