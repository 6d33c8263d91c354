import { DataSource, EntityManager } from 'typeorm';
import { Actor, can } from '../../policies';
import type { BankFacts } from '../../policies/rules';
import { questionBankReadableSql, teachesSubjectSql } from '../../policies/sql';
import { QuestionType } from '../assessments';
import type { Page, PageWindow } from '../../core/paging';
import { BankQuestion, BankQuestionOption, BankQuestionUse, BankSharing, QuestionBank } from './question-banks.types';

type Runner = DataSource | EntityManager;

/** The bank's columns for the SQL twin (alias `b`). */
export const BANK_REF = { ownerId: 'b.owner_id', subjectId: 'b.subject_id', sharing: 'b.sharing' };

interface BankRow {
  id: string;
  name: string;
  description: string;
  subject_id: string;
  owner_id: string;
  owner_name: string;
  sharing: BankSharing;
  question_count: number;
  tags: string[];
  teaches_subject: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
}

const BANK_SELECT = (viewer: string) => `
  SELECT b.id, b.name, b.description, b.subject_id, b.owner_id, u.first_name || ' ' || u.last_name AS owner_name, b.sharing,
         (SELECT count(*)::int FROM bank_questions bq WHERE bq.bank_id = b.id) AS question_count,
         ARRAY(SELECT DISTINCT t FROM bank_questions bq, unnest(bq.tags) AS t WHERE bq.bank_id = b.id ORDER BY t) AS tags,
         ${teachesSubjectSql('b.subject_id', viewer)} AS teaches_subject,
         b.created_at, b.updated_at, b.version
    FROM question_banks b JOIN users u ON u.id = b.owner_id`;

/** The facts the bank rules read. */
export const bankFacts = (b: { ownerId: string; sharing: BankSharing; viewerTeachesSubject: boolean }): BankFacts => ({
  ownerId: b.ownerId,
  sharing: b.sharing,
  viewerTeachesSubject: b.viewerTeachesSubject,
});

export type BankWithFacts = QuestionBank & { viewerTeachesSubject: boolean };

const toBank = (actor: Actor, r: BankRow): BankWithFacts => {
  const facts = { ownerId: r.owner_id, sharing: r.sharing, viewerTeachesSubject: r.teaches_subject };
  return Object.assign(new QuestionBank(), {
    id: r.id,
    name: r.name,
    description: r.description,
    subjectId: r.subject_id,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    sharing: r.sharing,
    questionCount: r.question_count,
    tags: r.tags,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
    viewerTeachesSubject: r.teaches_subject,
    canEdit: can(actor, 'questionBank.edit', facts),
    canManage: can(actor, 'questionBank.manage', facts),
  });
};

/**
 * The banks the viewer may read ('questionBank.read' in SQL), by name, in one statement whatever their number; a
 * window of them with their total in two.
 */
export async function readableBanks(m: Runner, actor: Actor): Promise<QuestionBank[]>;
export async function readableBanks(m: Runner, actor: Actor, window: PageWindow): Promise<Page<QuestionBank>>;
export async function readableBanks(m: Runner, actor: Actor, window?: PageWindow): Promise<QuestionBank[] | Page<QuestionBank>> {
  const readable = questionBankReadableSql(actor, BANK_REF, '$1::uuid');
  const cut = window ? ' OFFSET $2 LIMIT $3' : '';
  const rows: BankRow[] = await m.query(
    `${BANK_SELECT('$1::uuid')} WHERE ${readable} ORDER BY lower(b.name), b.id${cut}`,
    window ? [actor.userId, window.offset, window.limit] : [actor.userId],
  );
  const items = rows.map((r) => toBank(actor, r));
  if (!window) return items;
  // the viewer's id types the parameter even where the rule renders TRUE (SuperAdmin and Admin)
  const [{ total }] = await m.query(`SELECT count(*)::int AS total FROM question_banks b WHERE ${readable} AND $1::uuid IS NOT NULL`, [
    actor.userId,
  ]);
  return { items, total, window };
}

/** Banks by id with the viewer's facts (not filtered: the service authorizes each). */
export async function banksById(m: Runner, actor: Actor, ids: string[]): Promise<BankWithFacts[]> {
  if (!ids.length) return [];
  const rows: BankRow[] = await m.query(`${BANK_SELECT('$2::uuid')} WHERE b.id = ANY($1::uuid[])`, [ids, actor.userId]);
  return rows.map((r) => toBank(actor, r));
}

interface BankQuestionRow {
  id: string;
  bank_id: string;
  type: QuestionType;
  question_text: string;
  points: number;
  position: number;
  partial_enabled: boolean;
  penalty_per_wrong: number;
  tags: string[];
  version: number;
  options: Array<{ id: string; text: string; isCorrect: boolean }>;
  accepted: Array<{ answer: string; weight: number }>;
}

/** Questions of many banks (or by their own ids) with options and accepted answers, in one statement, by position. */
export async function bankQuestionsOf(m: Runner, by: { bankIds?: string[]; ids?: string[]; tag?: string | null }): Promise<BankQuestion[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (by.bankIds) where.push(`bq.bank_id = ANY($${params.push(by.bankIds)}::uuid[])`);
  if (by.ids) where.push(`bq.id = ANY($${params.push(by.ids)}::uuid[])`);
  if (by.tag) where.push(`$${params.push(by.tag)} = ANY(bq.tags)`);
  if (!where.length) return [];
  const rows: BankQuestionRow[] = await m.query(
    `SELECT bq.id, bq.bank_id, bq.type, bq.question_text, bq.points, bq.position, bq.partial_enabled, bq.penalty_per_wrong, bq.tags, bq.version,
            COALESCE((SELECT json_agg(json_build_object('id', o.id, 'text', o.text, 'isCorrect', o.is_correct) ORDER BY o.position)
                        FROM bank_question_options o WHERE o.bank_question_id = bq.id), '[]') AS options,
            COALESCE((SELECT json_agg(json_build_object('answer', x.answer, 'weight', x.weight) ORDER BY x.position)
                        FROM bank_accepted_answers x WHERE x.bank_question_id = bq.id), '[]') AS accepted
       FROM bank_questions bq WHERE ${where.join(' AND ')} ORDER BY bq.bank_id, bq.position, bq.id`,
    params,
  );
  return rows.map((r) =>
    Object.assign(new BankQuestion(), {
      id: r.id,
      bankId: r.bank_id,
      type: r.type,
      questionText: r.question_text,
      points: r.points,
      position: r.position,
      tags: r.tags,
      version: r.version,
      options: r.options.map((o) => Object.assign(new BankQuestionOption(), o)),
      acceptedAnswers: r.accepted,
      partialMarking: { enabled: r.partial_enabled, penaltyPerWrong: r.penalty_per_wrong },
    }),
  );
}

/** Where bank questions are used: the assessments holding a copy of each (linked, drawn), in one statement. */
export async function usesOf(m: Runner, bankQuestionIds: string[]): Promise<Array<BankQuestionUse & { bankQuestionId: string }>> {
  if (!bankQuestionIds.length) return [];
  return m.query(
    `SELECT q.bank_question_id AS "bankQuestionId", a.id AS "assessmentId", a.title, a.kind,
            bool_or(q.bank_linked AND q.draw_id IS NULL) AS linked, bool_or(q.draw_id IS NOT NULL) AS drawn
       FROM questions q JOIN assessments a ON a.id = q.assessment_id
      WHERE q.bank_question_id = ANY($1::uuid[])
      GROUP BY q.bank_question_id, a.id, a.title, a.kind ORDER BY q.bank_question_id, a.title, a.id`,
    [bankQuestionIds],
  );
}
