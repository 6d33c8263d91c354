/**
 * The gradebook domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { ExternalGradebookColumn } from './gradebook.external';
export { gradebookManifest } from './gradebook.manifest';
export { Gradebook } from './gradebook.types';
