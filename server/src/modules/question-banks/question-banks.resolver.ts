import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { PageArgs, toConnection, windowOf } from '../../core/paging';
import { Subject } from '../academic';
import { Assessment } from '../assessments';
import {
  AddBankQuestionsInput,
  AddQuestionsFromBankInput,
  BANK_PAGE,
  QuestionBankConnection,
  BankQuestion,
  BankQuestionUse,
  CreateQuestionBankInput,
  MoveBankQuestionsInput,
  QuestionBank,
  QuestionStatistics,
  SaveQuestionsToBankInput,
  UpdateBankQuestionInput,
  UpdateQuestionBankInput,
} from './question-banks.types';

@Resolver(() => QuestionBank)
export class QuestionBanksResolver {
  @Query(() => QuestionBankConnection, {
    description:
      'Your question banks, those shared with you by teachers of your subjects, and every bank for SuperAdmin and Admin; by name, a page at a time: first 100 unless asked, at most 500 (REST: GET /api/question-banks, ?limit=&offset= with X-Total-Count).',
  })
  async questionBanks(@Args() args: PageArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.questionBanks.page(actor, windowOf(args, BANK_PAGE)));
  }

  @Query(() => QuestionBank, { description: 'One question bank; not found unless you may read it (REST: GET /api/question-banks/{id}).' })
  questionBank(@Arg('id', () => ID, { description: 'The bank.' }) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.questionBanks.readable(actor, id);
  }

  @Mutation(() => QuestionBank, { description: 'Create a question bank in a subject you teach (REST: POST /api/question-banks).' })
  createQuestionBank(
    @Arg('input', () => CreateQuestionBankInput) input: CreateQuestionBankInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.create(actor, input);
  }

  @Mutation(() => QuestionBank, {
    description: 'Rename, describe or share a bank: its owner, SuperAdmin and Admin (REST: PUT /api/question-banks/{id}).',
  })
  updateQuestionBank(
    @Arg('input', () => UpdateQuestionBankInput) input: UpdateQuestionBankInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.update(actor, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete a bank with its questions; refused (CONFLICT) while an assessment draws from it; linked copies become plain copies (REST: DELETE /api/question-banks/{id}).',
  })
  deleteQuestionBank(
    @Arg('id', () => ID, { description: 'The bank.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.delete(actor, id);
  }

  @Mutation(() => [BankQuestion], {
    description: 'Append questions to a bank you may edit, in one transaction (REST: POST /api/question-banks/{id}/questions).',
  })
  addBankQuestions(
    @Arg('input', () => AddBankQuestionsInput) input: AddBankQuestionsInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.addQuestions(actor, input.bankId, input.questions);
  }

  @Mutation(() => BankQuestion, {
    description: 'Replace a bank question; its linked copies in assessments not yet handed in follow (REST: PUT /api/bank-questions/{id}).',
  })
  updateBankQuestion(
    @Arg('input', () => UpdateBankQuestionInput) input: UpdateBankQuestionInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.updateQuestion(actor, input);
  }

  @Mutation(() => Boolean, {
    description: 'Delete a bank question; its copies in assessments stay (REST: DELETE /api/bank-questions/{id}).',
  })
  deleteBankQuestion(
    @Arg('id', () => ID, { description: 'The bank question.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.deleteQuestion(actor, id);
  }

  @Mutation(() => [BankQuestion], { description: 'Move questions between banks you may edit (REST: POST /api/bank-questions/move).' })
  moveBankQuestions(
    @Arg('input', () => MoveBankQuestionsInput) input: MoveBankQuestionsInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.questionBanks.moveQuestions(actor, input);
  }

  @Mutation(() => [BankQuestion], {
    description:
      "Copy an assessment's questions (all its fixed questions unless named) into a bank you may edit (REST: POST /api/assessments/{id}/save-to-bank).",
  })
  saveQuestionsToBank(
    @Arg('input', () => SaveQuestionsToBankInput) input: SaveQuestionsToBankInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.banking.saveToBank(actor, input);
  }

  @Mutation(() => Assessment, {
    description: 'Append bank questions to an assessment you teach, as copies or as links (REST: POST /api/assessments/{id}/from-bank).',
  })
  addQuestionsFromBank(
    @Arg('input', () => AddQuestionsFromBankInput) input: AddQuestionsFromBankInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.banking.addFromBank(actor, input);
  }

  @FieldResolver(() => Subject, { description: 'The subject of the bank.' })
  subject(@Root() b: QuestionBank, @Ctx() ctx: RequestContext) {
    return ctx.loaders.subjectById.load(b.subjectId);
  }

  @FieldResolver(() => [BankQuestion], { description: 'Its questions by position; only those with the tag when given.' })
  async questions(
    @Root() b: QuestionBank,
    @Arg('tag', () => String, { nullable: true, description: 'Only questions with this tag.' }) tag: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    const all = await ctx.loaders.bankQuestionsByBank.load(b.id);
    return tag ? all.filter((q) => q.tags.includes(tag)) : all;
  }
}

@Resolver(() => BankQuestion)
export class BankQuestionFieldsResolver {
  @FieldResolver(() => [BankQuestionUse], { description: 'The assessments holding a copy of it (linked or drawn), by title.' })
  async usedIn(@Root() q: BankQuestion, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.usesByBankQuestion.load(q.id)).map(({ bankQuestionId: _b, ...u }) => u);
  }

  @FieldResolver(() => QuestionStatistics, {
    nullable: true,
    description: 'Item statistics over every copy of it; null until one has a handed-in answer.',
  })
  async statistics(@Root() q: BankQuestion, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.statisticsByBank.load(q.bankId)).get(q.id) ?? null;
  }
}
