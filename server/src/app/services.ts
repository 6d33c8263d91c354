import { DataSource } from 'typeorm';
import { Config } from '../config';
import type { Services } from '../core/context';
import { AnyManifest, ServicesOf, SameType, buildServices } from '../core/manifest';
import { manifests } from './manifests';

/**
 * The kernel's `Services` (each domain declares its own part in its manifest file) is exactly what the list of
 * manifests builds: a domain missing from the list, or declaring another type than its factory makes, fails here.
 */
export const servicesDeclared: SameType<Services, ServicesOf<typeof manifests>> = true;

/**
 * One instance of each service per process; both transports call these. `list`: the app's domains (a test adds one
 * the way a new domain is added, app/add-a-domain.test.ts; its services are there under its name, untyped).
 */
export function createServices(ds: DataSource, config: Config, list: readonly AnyManifest[] = manifests): Services {
  // the app's list builds exactly Services (servicesDeclared above); a longer list builds those and more
  return buildServices(list, ds, config) as unknown as Services;
}
