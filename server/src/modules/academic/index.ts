/**
 * The academic domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { AcademicYear } from './academic-year.entity';
export { academicManifest } from './academic.manifest';
export { ACADEMIC_TEXT } from './academic.validation';
export { SchoolClass } from './class.entity';
export { Subject } from './subject.entity';
