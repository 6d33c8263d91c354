import { defineManifest } from '../../core/manifest';
import type { AssessmentsService } from '../assessments';
import type { QuestionBanksService } from '../question-banks';
import { AssessmentQtiResolver, QtiResolver, QuestionBankQtiResolver } from './qti.resolver';
import { qtiRouter } from './qti.rest';
import type { FilesService } from '../files';
import { QtiService } from './qti.service';

/**
 * QTI (issue 30 points 4 and 5; ctx.services.qti): import of QTI 2.1, 2.2 and 3.0 packages and items into a
 * bank, a new bank or an assessment, and export of a bank or an assessment as a QTI 3.0 package. Listed after
 * the question banks and assessments, whose services write what it reads.
 */
export const qtiManifest = defineManifest({
  name: 'qti',
  resolvers: [QtiResolver, QuestionBankQtiResolver, AssessmentQtiResolver],
  services: (ds, _config, deps: { questionBanks: QuestionBanksService; assessments: AssessmentsService; files: FilesService }) =>
    new QtiService(ds, deps.questionBanks, deps.assessments, deps.files),
  router: qtiRouter,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    qti: ReturnType<typeof qtiManifest.services>;
  }
}
