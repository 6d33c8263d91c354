import { DataSource } from 'typeorm';
import { userLoaders } from '../modules/users/users.loaders';

/** Fresh DataLoaders for every request, so nothing cached outlives it. */
export function createLoaders(ds: DataSource) {
  return { ...userLoaders(ds) };
}

export type Loaders = ReturnType<typeof createLoaders>;
