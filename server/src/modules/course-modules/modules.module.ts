import { defineModule } from '../../app/module';
import type { CoursesService } from '../courses/courses.service';
import { ModuleOrderUnique1732300007000 } from '../../db/migrations/1732300007000-ModuleOrderUnique';
import { CourseModule } from './module.entity';
import { CourseModulesFieldResolver, ModulesResolver } from './modules.resolver';
import { ModulesService } from './modules.service';
import { moduleLoaders } from './modules.loaders';
import { modulesRouter } from './modules.rest';

/** A course's modules (ctx.services.modules). */
export const courseModulesModule = defineModule({
  name: 'modules',
  entities: [CourseModule],
  migrations: [ModuleOrderUnique1732300007000],
  resolvers: [ModulesResolver, CourseModulesFieldResolver],
  services: (ds, _config, deps: { courses: CoursesService }) => new ModulesService(ds, deps.courses),
  loaders: moduleLoaders,
  router: modulesRouter,
});
