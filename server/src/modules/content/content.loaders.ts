import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { listLoader } from '../../core/dataloaders';
import { contentsOfModules } from './content.repository';

/** Per request: a module's readable content, one statement for all modules of a response. */
export function contentLoaders(ds: DataSource, actor: Actor | null) {
  return {
    contentsByModule: listLoader(
      (ids) => contentsOfModules(ds, actor, ids),
      (c) => c.moduleId,
    ),
  };
}
