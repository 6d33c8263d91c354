import { defineManifest } from '../../core/manifest';
import { CourseModules1732300002100 } from './1732300002100-CourseModules';
import type { CoursesService } from '../courses';
import { ModuleOrderUnique1732300007000 } from './1732300007000-ModuleOrderUnique';
import { CourseModule } from './module.entity';
import { CourseModulesFieldResolver, ModulesResolver } from './modules.resolver';
import { ModulesService } from './modules.service';
import { moduleLoaders } from './modules.loaders';
import { modulesRouter } from './modules.rest';

/** A course's modules (ctx.services.modules). */
export const courseModulesManifest = defineManifest({
  name: 'modules',
  entities: [CourseModule],
  migrations: [CourseModules1732300002100, ModuleOrderUnique1732300007000],
  resolvers: [ModulesResolver, CourseModulesFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService }) => new ModulesService(ds, deps.courses),
  loaders: moduleLoaders,
  router: modulesRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    modules: ReturnType<typeof courseModulesManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof courseModulesManifest.loaders>> {}
}
