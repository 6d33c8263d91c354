import { DataSource } from 'typeorm';
import { Actor } from '../policies';
import { LoadersOf, Primed, loadersFactory } from './module';
import { modules } from './modules';

/** `ctx.loaders`: every domain's loaders side by side. */
export type Loaders = LoadersOf<typeof modules>;

const factories = new WeakMap<DataSource, (actor: Actor | null, primed?: Primed) => Loaders>();

/** Fresh DataLoaders for every request, so nothing cached outlives it; they know the viewer, so lists are filtered in SQL. */
export function createLoaders(ds: DataSource, actor: Actor | null, primed?: Primed): Loaders {
  let make = factories.get(ds);
  if (!make) factories.set(ds, (make = loadersFactory(modules, ds)));
  return make(actor, primed);
}
