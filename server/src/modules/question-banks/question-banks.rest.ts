import { RequestContext } from '../../core/context';
import { restPage } from '../../core/paging';
import { BANK_PAGE } from './question-banks.types';
import { body, newRouter, param, route, send, str } from '../../core/rest';
import { Actor } from '../../policies';
import { presentOne } from '../assessments';
import { presentBank, presentBankPage, presentBankQuestion } from './question-banks.shape';

/** A bank with its questions, each with where it is used and its statistics (the bank page). */
async function bankPage(actor: Actor, ctx: RequestContext, bankId: string, tag?: string) {
  const bank = await ctx.services.questionBanks.readable(actor, bankId);
  const questions = await ctx.services.questionBanks.listQuestions(actor, bank.id, tag ?? null);
  const [uses, stats, images] = await Promise.all([
    Promise.all(questions.map((q) => ctx.loaders.usesByBankQuestion.load(q.id))),
    ctx.loaders.statisticsByBank.load(bank.id),
    Promise.all(questions.map((q) => ctx.loaders.imagesByBankQuestion.load(q.id))),
  ]);
  return presentBankPage(
    actor,
    bank,
    questions.map((q, i) => ({ ...q, imageRows: images[i] })),
    uses,
    stats,
  );
}

/** Question banks over REST (issue 30): the same service calls as GraphQL, `{ success, data }`. */
export function questionBanksRouter() {
  const r = newRouter();
  const s = (ctx: RequestContext) => ctx.services.questionBanks;
  r.get(
    '/question-banks',
    route(async (req, res, actor, ctx) => {
      const banks = await restPage(
        req,
        res,
        BANK_PAGE,
        (w) => s(ctx).page(actor, w),
        () => s(ctx).list(actor),
      );
      send(
        res,
        banks.map((b) => presentBank(actor, b)),
      );
    }),
  );
  r.post(
    '/question-banks',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const bank = await s(ctx).create(actor, {
        name: b.name,
        description: b.description,
        subjectId: b.subjectId ?? b.subject,
        sharing: b.sharing,
      });
      send(res, presentBank(actor, bank), { message: 'Question bank created successfully' }, 201);
    }),
  );
  r.get(
    '/question-banks/:id',
    route(async (req, res, actor, ctx) => {
      send(res, await bankPage(actor, ctx, param(req), str(req.query.tag)));
    }),
  );
  r.put(
    '/question-banks/:id',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      send(
        res,
        presentBank(
          actor,
          await s(ctx).update(actor, { id: param(req), name: b.name, description: b.description, sharing: b.sharing, version: b.version }),
        ),
      );
    }),
  );
  r.delete(
    '/question-banks/:id',
    route(async (req, res, actor, ctx) => {
      await s(ctx).delete(actor, param(req));
      res.json({ success: true, message: 'Question bank deleted successfully' });
    }),
  );
  r.post(
    '/question-banks/:id/questions',
    route(async (req, res, actor, ctx) => {
      const added = await s(ctx).addQuestions(actor, param(req), body(req).questions);
      send(
        res,
        added.map((q) => presentBankQuestion(actor, q)),
        {},
        201,
      );
    }),
  );
  r.post(
    '/bank-questions/move',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      send(
        res,
        (await s(ctx).moveQuestions(actor, { ids: b.ids, toBankId: b.toBankId })).map((q) => presentBankQuestion(actor, q)),
      );
    }),
  );
  r.put(
    '/bank-questions/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentBankQuestion(actor, await s(ctx).updateQuestion(actor, { ...body(req), id: param(req) })));
    }),
  );
  r.delete(
    '/bank-questions/:id',
    route(async (req, res, actor, ctx) => {
      await s(ctx).deleteQuestion(actor, param(req));
      res.json({ success: true, message: 'Question deleted successfully' });
    }),
  );
  r.post(
    '/assessments/:id/save-to-bank',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const saved = await ctx.services.assessments.banking.saveToBank(actor, {
        assessmentId: param(req),
        questionIds: b.questionIds,
        bankId: b.bankId,
      });
      send(
        res,
        saved.map((q) => presentBankQuestion(actor, q)),
        {},
        201,
      );
    }),
  );
  r.post(
    '/assessments/:id/from-bank',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const a = await ctx.services.assessments.banking.addFromBank(actor, {
        assessmentId: param(req),
        bankQuestionIds: b.bankQuestionIds,
        link: b.link,
      });
      send(res, await presentOne(actor, ctx, a));
    }),
  );
  return r;
}
