import { DataSource } from 'typeorm';
import { Actor } from '../policies';
import { LoadersOf, buildLoaders } from './module';
import { modules } from './modules';

/** `ctx.loaders`: every domain's loaders side by side. */
export type Loaders = LoadersOf<typeof modules>;

/** Fresh DataLoaders for every request, so nothing cached outlives it; they know the viewer, so lists are filtered in SQL. */
export function createLoaders(ds: DataSource, actor: Actor | null): Loaders {
  return buildLoaders(modules, ds, actor);
}
