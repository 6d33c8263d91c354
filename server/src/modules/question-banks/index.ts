/**
 * The question-banks domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { questionBanksManifest } from './question-banks.manifest';
export type { QuestionBanksService } from './question-banks.service';
export { QuestionBank } from './question-banks.types';
