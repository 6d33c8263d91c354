import { DataSource, EntityManager } from 'typeorm';
import { validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { Actor } from '../../policies';
import type { Services } from '../../core/context';
import { Assessment, AssessmentKind } from './assessment.entity';
import { applyRegrade } from './assessments.write';
import { questions } from './assessments.validation';
import { CourseFactsRow } from '../courses';
import { bumpAssessmentVersion, lastFixedOrder, linkQuestionsToBank } from './assessments.repository';
import { questionsOf, refreshTotalPoints, writeQuestion } from './assessments.repository.questions';
import { lockSubmissions } from './assessments.repository.grades';
import { copyBankQuestion } from './assessments.repository.draws';
import { copyImages } from './assessments.repository.images';

/**
 * The question banks' service, as assessments reach it: through the kernel's registry (core/context.ts), since the
 * banks are built on assessments' questions and their files import this domain, not the other way round.
 */
export type QuestionBanksService = Services['questionBanks'];

/** What banking needs of the assessments service (passed in, so the two files do not import each other). */
export interface BankingHost {
  manageable(actor: Actor, id: unknown, kind?: AssessmentKind): Promise<{ assessment: Assessment; course: CourseFactsRow }>;
  reload(m: DataSource, id: string): Promise<Assessment>;
}

export const BANKING_TEXT = {
  chooseQuestions: 'Choose at least one question',
  notOfItem: 'A question to save is not one of this item',
} as const;

const ids = (v: unknown): string[] => {
  if (!Array.isArray(v) || v.some((x) => !isId(x))) throw validation(BANKING_TEXT.chooseQuestions, 'questionIds');
  return [...new Set(v as string[])];
};

/**
 * Questions between assessments and banks (issue 30): bank questions appended to an item as copies or linked
 * copies (a link follows the bank question's edits until the item is first handed in), and an item's questions
 * saved into a bank (each copy then remembers its bank question, for "where it is used" and the statistics).
 */
export class AssessmentBanking {
  constructor(
    private readonly ds: DataSource,
    private readonly host: BankingHost,
    private readonly banks: QuestionBanksService,
  ) {}

  /** addQuestionsFromBank and POST /assessments/{id}/from-bank: the item's teachers, from banks they may read. */
  async addFromBank(actor: Actor, input: { assessmentId?: unknown; bankQuestionIds?: unknown; link?: unknown }): Promise<Assessment> {
    const { assessment } = await this.host.manageable(actor, input.assessmentId);
    const wanted = ids(input.bankQuestionIds);
    if (!wanted.length) throw validation(BANKING_TEXT.chooseQuestions, 'bankQuestionIds');
    const found = await this.banks.readableQuestions(actor, wanted);
    const link = input.link === true || input.link === 'true';
    await this.append(actor, assessment, async (m, top) => {
      for (const [i, q] of found.entries()) await copyBankQuestion(m, assessment.id, q.id, top + i + 1, { linked: link });
    });
    return this.host.reload(this.ds, assessment.id);
  }

  /**
   * The QTI import into an item: questions checked as the editor checks them, appended after the item's last
   * question in one transaction that reads that last question while holding the item (a simultaneous edit or
   * import waits, and none is lost); `after` writes what belongs with them (their images) in the same one.
   */
  async appendQuestions(
    actor: Actor,
    assessmentId: unknown,
    inputs: unknown[],
    after?: (m: EntityManager, ids: string[]) => Promise<void>,
  ): Promise<string[]> {
    const { assessment } = await this.host.manageable(actor, assessmentId);
    const checked = questions(inputs, BANKING_TEXT.chooseQuestions);
    const ids: string[] = [];
    await this.append(actor, assessment, async (m, top) => {
      for (const q of checked) ids.push(await writeQuestion(m, assessment.id, { ...q, order: top + q.order }));
      await after?.(m, ids);
    });
    return ids;
  }

  /** Appends to an item in one transaction holding it: `write` gets the last fixed question's number, read inside. */
  private async append(actor: Actor, assessment: Assessment, write: (m: EntityManager, top: number) => Promise<void>): Promise<void> {
    await this.ds.transaction(async (m) => {
      // a new version: an editor still holding the old list is refused (CONFLICT) rather than drop what came in
      await bumpAssessmentVersion(m, assessment.id);
      await write(m, await lastFixedOrder(m, assessment.id));
      await refreshTotalPoints(m, assessment.id);
      // handed-in work gets the new automatic questions graded (as an edit that adds them does) and its maximum
      await lockSubmissions(m, assessment.id);
      await applyRegrade(
        m,
        actor,
        { assessmentId: assessment.id, courseId: assessment.courseId },
        { submissionCount: 0, regradedQuestionIds: [], removedQuestionCount: 0, grades: [], changes: [] },
      );
    });
  }

  /** saveQuestionsToBank and POST /assessments/{id}/save-to-bank: the item's teachers, into a bank they may edit. */
  async saveToBank(
    actor: Actor,
    input: { assessmentId?: unknown; questionIds?: unknown; bankId?: unknown },
  ): Promise<Awaited<ReturnType<QuestionBanksService['addQuestions']>>> {
    const { assessment } = await this.host.manageable(actor, input.assessmentId);
    const all = await questionsOf(this.ds, [assessment.id]);
    const chosen = input.questionIds === undefined || input.questionIds === null ? all.map((q) => q.id) : ids(input.questionIds);
    if (!chosen.length) throw validation(BANKING_TEXT.chooseQuestions, 'questionIds');
    const byId = new Map(all.map((q) => [q.id, q]));
    if (chosen.some((id) => !byId.has(id))) throw validation(BANKING_TEXT.notOfItem, 'questionIds');
    const questions = chosen.map((id) => byId.get(id)!);
    return this.ds.transaction(async (m) => {
      const saved = await this.banks.addQuestions(
        actor,
        input.bankId,
        questions.map((q) => ({
          type: q.type,
          questionText: q.questionText,
          points: q.points,
          options: q.options.map((o) => ({ text: o.text, isCorrect: !!o.isCorrect })),
          acceptedAnswers: q.acceptedAnswers ?? [],
          partialMarking: q.partialMarking ?? undefined,
          tags: [],
        })),
        m,
      );
      await linkQuestionsToBank(
        m,
        questions.map((q) => q.id),
        saved.map((b) => b.id),
      );
      await copyImages(
        m,
        'question',
        'bank',
        questions.map((q, i) => [q.id, saved[i].id]),
      );
      return saved;
    });
  }
}
