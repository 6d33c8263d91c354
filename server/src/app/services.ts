import { DataSource } from 'typeorm';
import { Config } from '../config';
import type { Services } from '../core/context';
import { ServicesOf, SameType, buildServices } from '../core/manifest';
import { manifests } from './manifests';

/**
 * The kernel's `Services` (each domain declares its own part in its manifest file) is exactly what the list of
 * manifests builds: a domain missing from the list, or declaring another type than its factory makes, fails here.
 */
export const servicesDeclared: SameType<Services, ServicesOf<typeof manifests>> = true;

/** One instance of each service per process; both transports call these. */
export function createServices(ds: DataSource, config: Config): Services {
  return buildServices(manifests, ds, config);
}
