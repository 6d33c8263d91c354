/**
 * The qti domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { itemXml } from './qti.export';
export { qtiManifest } from './qti.manifest';
