import { DataSource } from 'typeorm';
import { Config } from '../config';
import { ServicesOf, buildServices } from './module';
import { modules } from './modules';

/** `ctx.services`: each domain's services under its manifest's name. */
export type Services = ServicesOf<typeof modules>;

/** One instance of each service per process; both transports call these. */
export function createServices(ds: DataSource, config: Config): Services {
  return buildServices(modules, ds, config);
}
