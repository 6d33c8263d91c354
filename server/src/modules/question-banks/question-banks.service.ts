import { DataSource, EntityManager } from 'typeorm';
import type { Page, PageWindow } from '../../core/paging';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { assertId, isId } from '../../core/ids';
import { INPUT_TEXT, refId, versionOf } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { keepOptionIds, questionsOf, refreshTotalPoints, writeQuestion } from '../assessments';
import { BankWithFacts, bankFacts } from './question-banks.queries';
import {
  bankHolding,
  bankQuestionsOf,
  banksById,
  deleteBank,
  deleteBankQuestion,
  drawingAssessmentCount,
  followingCopies,
  insertBank,
  insertBankQuestion,
  lockBank,
  lockBankQuestion,
  moveBankQuestions,
  readableBanks,
  rewriteBankQuestion,
  subjectTeaching,
  touchBank,
  unlink,
  unlinkCopiesOfBank,
  updateBank,
} from './question-banks.repository';
import { BankQuestion, QuestionBank } from './question-banks.types';
import {
  BANK_TEXT as T,
  BankQuestionFields,
  bankDescription,
  bankName,
  bankQuestions,
  checkRoom,
  sharingOf,
} from './question-banks.validation';

/** A question for a bank as the editor (or a QTI import) sends it: QuestionInput's fields and tags. */
export interface BankQuestionInput {
  type?: unknown;
  questionText?: unknown;
  points?: unknown;
  options?: unknown;
  acceptedAnswers?: unknown;
  partialMarking?: unknown;
  tags?: unknown;
}

const idList = (v: unknown, key: string): string[] => {
  if (!Array.isArray(v) || !v.length || v.some((x) => !isId(x))) throw validation(T.chooseQuestions, key);
  return [...new Set(v as string[])];
};

/**
 * Linked copies follow their bank question: each assessment question linked (or drawn) from it whose item has
 * no submission yet is rewritten in place, keeping its id, order and the ids of options whose text stays (so a
 * draft's choices still hold); the items' totals follow. Returns how many were rewritten.
 */
async function followLinks(m: EntityManager, bankQuestionId: string, q: BankQuestionFields): Promise<number> {
  const linked = await followingCopies(m, bankQuestionId);
  if (!linked.length) return 0;
  const items = [...new Set(linked.map((l) => l.assessment_id))];
  const current = await questionsOf(m, items, 'all');
  for (const l of linked) {
    const now = current.find((c) => c.id === l.id)!;
    const [next] = keepOptionIds(
      [{ ...q, id: l.id, order: now.order, options: q.options.map((o) => ({ text: o.text, isCorrect: o.isCorrect })) }],
      current,
    );
    await writeQuestion(m, l.assessment_id, next, l.id);
  }
  for (const a of items) await refreshTotalPoints(m, a);
  return linked.length;
}

/**
 * Question banks (issue 30): a teacher's banks by subject, shared with the subject's other teachers to read or
 * to edit ('questionBank.*' in policies/rules.ts; lists by its SQL twin). Students and parents never reach a
 * bank: banks hold answer keys. Editing a bank question rewrites its linked copies in items not yet handed in.
 */
export class QuestionBanksService {
  constructor(private readonly ds: DataSource) {}

  /** questionBanks and GET /question-banks: the viewer's, those shared with them, all for SuperAdmin and Admin. */
  list(actor: Actor): Promise<QuestionBank[]> {
    authorize(actor, 'questionBank.use', undefined, { message: T.useOnly });
    return readableBanks(this.ds, actor);
  }

  /** A page of them with their total (questionBanks, GET /question-banks?limit=&offset=). */
  page(actor: Actor, window: PageWindow): Promise<Page<QuestionBank>> {
    authorize(actor, 'questionBank.use', undefined, { message: T.useOnly });
    return readableBanks(this.ds, actor, window);
  }

  /** One bank the viewer may read; not found for anyone else. */
  async readable(actor: Actor, id: unknown, m: DataSource | EntityManager = this.ds): Promise<BankWithFacts> {
    const bankId = assertId(id, T.notFound);
    const [bank] = await banksById(m, actor, [bankId]);
    if (!bank) throw notFound(T.notFound);
    authorize(actor, 'questionBank.read', bankFacts(bank), { as: 'notFound', message: T.notFound });
    return bank;
  }

  /** One bank whose questions the viewer may change (readers who may not are refused). */
  async editable(actor: Actor, id: unknown, m: DataSource | EntityManager = this.ds): Promise<BankWithFacts> {
    const bank = await this.readable(actor, id, m);
    authorize(actor, 'questionBank.edit', bankFacts(bank), { message: T.cannotEdit });
    return bank;
  }

  private async manageable(actor: Actor, id: unknown): Promise<BankWithFacts> {
    const bank = await this.readable(actor, id);
    authorize(actor, 'questionBank.manage', bankFacts(bank), { message: T.cannotManage });
    return bank;
  }

  /** createQuestionBank: a teacher, in a subject they teach (in the caller's transaction when given: the QTI import's new bank). */
  async create(
    actor: Actor,
    input: { name?: unknown; description?: unknown; subjectId?: unknown; sharing?: unknown },
    m: DataSource | EntityManager = this.ds,
  ): Promise<QuestionBank> {
    authorize(actor, 'questionBank.use', undefined, { message: T.useOnly });
    const subjectId = refId(input.subjectId, T.subjectRequired, T.subjectNotFound, 'subjectId');
    const name = bankName(input.name);
    const description = bankDescription(input.description) ?? '';
    const sharing = sharingOf(input.sharing, undefined) ?? 'private';
    const subject = await subjectTeaching(m, subjectId, actor.userId);
    if (!subject) throw notFound(T.subjectNotFound);
    authorize(actor, 'questionBank.create', { viewerTeachesSubject: subject.teaches }, { message: T.createOnly });
    const id = await insertBank(m, { ownerId: actor.userId, subjectId, name, description, sharing });
    return this.readable(actor, id, m);
  }

  /** updateQuestionBank: name, description, sharing; its owner, SuperAdmin and Admin, with a version check. */
  async update(
    actor: Actor,
    input: { id?: unknown; name?: unknown; description?: unknown; sharing?: unknown; version?: unknown },
  ): Promise<QuestionBank> {
    const bank = await this.manageable(actor, input.id);
    const name = input.name === undefined || input.name === null ? bank.name : bankName(input.name);
    const description = bankDescription(input.description) ?? bank.description;
    const sharing = sharingOf(input.sharing, bank.sharing)!;
    const version = versionOf(input.version);
    const n = await updateBank(this.ds, bank.id, { name, description, sharing }, version);
    if (!n) throw conflict(INPUT_TEXT.changedMeanwhile('question bank'));
    return this.readable(actor, bank.id);
  }

  /** deleteQuestionBank: refused while an item draws from it; linked copies in items become plain copies. */
  async delete(actor: Actor, id: unknown): Promise<boolean> {
    const bank = await this.manageable(actor, id);
    await this.ds.transaction(async (m) => {
      await lockBank(m, bank.id);
      const n = await drawingAssessmentCount(m, bank.id);
      if (n) throw conflict(T.usedByDraws(n), { assessments: n });
      await unlinkCopiesOfBank(m, bank.id);
      await deleteBank(m, bank.id);
    });
    return true;
  }

  /**
   * addBankQuestions, POST /question-banks/{id}/questions and the QTI import: questions appended to a bank the
   * viewer may edit, checked as the assessment editor checks (a refusal names the question's number), all in
   * one transaction (the caller's when given).
   */
  async addQuestions(
    actor: Actor,
    bankId: unknown,
    inputs: BankQuestionInput[] | unknown,
    manager?: EntityManager,
  ): Promise<BankQuestion[]> {
    const bank = await this.editable(actor, bankId, manager);
    const qs = bankQuestions(inputs);
    const write = async (m: EntityManager) => {
      await lockBank(m, bank.id);
      const { top, held } = await bankHolding(m, bank.id);
      checkRoom(held, qs.length);
      const ids: string[] = [];
      for (const [i, q] of qs.entries()) ids.push(await insertBankQuestion(m, bank.id, q, top + i + 1));
      await touchBank(m, bank.id);
      return bankQuestionsOf(m, { ids });
    };
    return manager ? write(manager) : this.ds.transaction(write);
  }

  /** A bank's questions with their keys, by position (the bank page, the QTI export); a tag narrows them. */
  async listQuestions(actor: Actor, bankId: unknown, tag?: string | null): Promise<BankQuestion[]> {
    const bank = await this.readable(actor, bankId);
    return bankQuestionsOf(this.ds, { bankIds: [bank.id], tag });
  }

  /** One bank question and its bank, the bank checked by `rule`. */
  private async questionOf(actor: Actor, id: unknown, edit: boolean): Promise<{ question: BankQuestion; bank: BankWithFacts }> {
    const qid = assertId(id, T.questionNotFound);
    const [question] = await bankQuestionsOf(this.ds, { ids: [qid] });
    if (!question) throw notFound(T.questionNotFound);
    const bank = await this.readable(actor, question.bankId).catch(() => {
      throw notFound(T.questionNotFound);
    });
    if (edit) authorize(actor, 'questionBank.edit', bankFacts(bank), { message: T.cannotEdit });
    return { question, bank };
  }

  /** updateBankQuestion: replaced in place (version check); linked copies in items not yet handed in follow. */
  async updateQuestion(actor: Actor, input: BankQuestionInput & { id?: unknown; version?: unknown }): Promise<BankQuestion> {
    const { question } = await this.questionOf(actor, input.id, true);
    const [q] = bankQuestions([input]);
    const version = versionOf(input.version);
    await this.ds.transaction(async (m) => {
      const row = await lockBankQuestion(m, question.id);
      if (!row) throw notFound(T.questionNotFound);
      if (version !== undefined && row.version !== version) throw conflict(INPUT_TEXT.changedMeanwhile('question'));
      await rewriteBankQuestion(m, question.id, q);
      await followLinks(m, question.id, q);
      await touchBank(m, question.bankId);
    });
    return (await bankQuestionsOf(this.ds, { ids: [question.id] }))[0];
  }

  /** deleteBankQuestion: its copies in items stay, as plain copies. */
  async deleteQuestion(actor: Actor, id: unknown): Promise<boolean> {
    const { question } = await this.questionOf(actor, id, true);
    await this.ds.transaction(async (m) => {
      await unlink(m, [question.id]);
      await deleteBankQuestion(m, question.id);
    });
    return true;
  }

  /** moveBankQuestions: from banks the viewer may edit to another they may edit, appended there in the order given. */
  async moveQuestions(actor: Actor, input: { ids?: unknown; toBankId?: unknown }): Promise<BankQuestion[]> {
    const ids = idList(input.ids, 'ids');
    const target = await this.editable(actor, input.toBankId);
    const found = await bankQuestionsOf(this.ds, { ids });
    if (found.length !== ids.length) throw notFound(T.questionNotFound);
    for (const bankId of new Set(found.map((q) => q.bankId))) {
      await this.editable(actor, bankId).catch((err: unknown) => {
        throw err instanceof Error && 'code' in err && err.code === 'NOT_FOUND' ? notFound(T.questionNotFound) : err;
      });
    }
    await this.ds.transaction(async (m) => {
      await lockBank(m, target.id);
      const { top, held } = await bankHolding(m, target.id);
      checkRoom(held, found.filter((q) => q.bankId !== target.id).length);
      await moveBankQuestions(m, target.id, top, ids);
    });
    return bankQuestionsOf(this.ds, { ids: ids });
  }

  /** Bank questions by id, in the order asked, each of a bank the viewer may read (else not found). */
  async readableQuestions(actor: Actor, ids: string[]): Promise<BankQuestion[]> {
    const found = await bankQuestionsOf(this.ds, { ids });
    if (found.length !== ids.length) throw notFound(T.questionNotFound);
    const banks = await banksById(this.ds, actor, [...new Set(found.map((q) => q.bankId))]);
    for (const b of banks) authorize(actor, 'questionBank.read', bankFacts(b), { as: 'notFound', message: T.questionNotFound });
    return ids.map((id) => found.find((q) => q.id === id)!);
  }
}
