import { Actor, can } from '../../policies';
import type { BankFacts } from '../../policies/rules';
import { teachesSubjectSql } from '../../policies/sql';
import { BankSharing, QuestionBank } from './question-banks.types';

/*
 * What the bank reads share: the select of a bank with the viewer's facts, and the bank its row makes.
 * question-banks.repository.ts runs them.
 */

/** The bank's columns for the SQL twin (alias `b`). */
export const BANK_REF = { ownerId: 'b.owner_id', subjectId: 'b.subject_id', sharing: 'b.sharing' };

export interface BankRow {
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

/** A bank `b` with its owner, counts, tags and whether the viewer (the parameter `viewer`) teaches its subject. */
export const BANK_SELECT = (viewer: string) => `
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

/** The bank of a row, with what the viewer may do with it. */
export const toBank = (actor: Actor, r: BankRow): BankWithFacts => {
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
