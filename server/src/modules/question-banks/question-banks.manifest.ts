import { defineManifest } from '../../core/manifest';
import { QuestionBanks1732300030000 } from './1732300030000-QuestionBanks';
import { QuestionImages1732300031000 } from './1732300031000-QuestionImages';
import { BankQuestionFieldsResolver, QuestionBanksResolver } from './question-banks.resolver';
import { QuestionBanksService } from './question-banks.service';
import { questionBankLoaders } from './question-banks.loaders';
import { questionBanksRouter } from './question-banks.rest';
import { questionBankSeeder } from './question-banks.seed';
import { BankQuestionImagesResolver, QuestionImagesResolver } from './question-images.resolver';

/**
 * Question banks (issue 30; ctx.services.questionBanks): teachers' banks by subject, shared with the subject's
 * other teachers, their questions with tags, where each is used and its item statistics. Listed before the
 * assessments domain, whose items copy, link and draw from banks (its migration adds the draw tables too).
 */
export const questionBanksManifest = defineManifest({
  name: 'questionBanks',
  migrations: [QuestionBanks1732300030000, QuestionImages1732300031000],
  resolvers: [QuestionBanksResolver, BankQuestionFieldsResolver, BankQuestionImagesResolver, QuestionImagesResolver],
  services: (ds) => new QuestionBanksService(ds),
  loaders: questionBankLoaders,
  router: questionBanksRouter,
  seed: questionBankSeeder,
  // the images of bank and assessment questions (QTI import): kept while a question shows them
  fileReferences: [{ table: 'question_images', column: 'file_id' }],
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    questionBanks: ReturnType<typeof questionBanksManifest.services>;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the loaders' own type, merged into the registry
  interface Loaders extends ReturnType<NonNullable<typeof questionBanksManifest.loaders>> {}
}
