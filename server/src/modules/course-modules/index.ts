/**
 * The course-modules domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { CourseModule } from './module.entity';
export { courseModulesManifest } from './modules.manifest';
export { ModulesService, ReadableModule } from './modules.service';
export { presentModule } from './modules.shape';
export { MODULE_TEXT } from './modules.validation';
