import { DataSource } from 'typeorm';
import { userLoaders } from '../modules/users/users.loaders';
import { academicLoaders } from '../modules/academic/academic.loaders';
import { allCourseLoaders } from '../modules/courses/courses.register';

/** Fresh DataLoaders for every request, so nothing cached outlives it. */
export function createLoaders(ds: DataSource) {
  return { ...userLoaders(ds), ...academicLoaders(ds), ...allCourseLoaders(ds) };
}

export type Loaders = ReturnType<typeof createLoaders>;
