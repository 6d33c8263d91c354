import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { listLoader } from '../../core/dataloaders';
import { bankQuestionsOf, usesOf } from './question-banks.repository';
import { statisticsOf } from './question-banks.repository.statistics';
import { imagesOf } from '../assessments';
import { QuestionStatistics } from './question-banks.types';

/**
 * Per request: the questions of many banks, where many bank questions are used, and the statistics of whole
 * banks, each in one statement for every parent of a response. The banks themselves were authorized by the
 * query that returned them (a bank page or the list), so these loaders read by id.
 */
export function questionBankLoaders(ds: DataSource, _actor: Actor | null) {
  return {
    bankQuestionsByBank: listLoader(
      (ids) => bankQuestionsOf(ds, { bankIds: ids }),
      (q) => q.bankId,
    ),
    imagesByBankQuestion: listLoader(
      (ids) => imagesOf(ds, { bankQuestionIds: ids }),
      (i) => i.ownerId,
    ),
    /** The images of assessment questions (the questions were authorized by the query that returned them). */
    imagesByQuestion: listLoader(
      (ids) => imagesOf(ds, { questionIds: ids }),
      (i) => i.ownerId,
    ),
    usesByBankQuestion: listLoader(
      (ids) => usesOf(ds, ids),
      (u) => u.bankQuestionId,
    ),
    /** Keyed by bank id: the statistics of all its questions. */
    statisticsByBank: new DataLoader<string, Map<string, QuestionStatistics>>(async (bankIds) => {
      const all = await statisticsOf(ds, [...bankIds]);
      return bankIds.map(() => all);
    }),
  };
}
