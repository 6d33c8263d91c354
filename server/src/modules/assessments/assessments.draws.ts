import { DataSource, EntityManager } from 'typeorm';
import { conflict, validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { optionalRequiredText, wholeNumber } from '../../core/input';
import {
  anyDrawn,
  availableCounts,
  copyBankQuestion,
  drawnQuestionCount,
  hasPicks,
  insertPick,
  itemsWithDrawsMissing,
  lockedDrawFields,
  lockedDraws,
  pickBankQuestions,
  replaceDraws,
} from './assessments.repository.draws';

/*
 * Random draws (issue 30): the checks of an edit's draws and the student's first draw. Their statements are in
 * assessments.repository.draws.ts; this file decides what an edit may change and what is drawn when.
 */

export const DRAW_TEXT = {
  bankRequired: 'Choose the bank to draw from',
  countInvalid: (available: number) => `The number of questions to draw must be a whole number from 1 to ${available}`,
  alreadyDrawn: 'Students have already drawn their questions: the random draws can no longer change',
  noQuestions: 'Please add at least one question or a random draw',
} as const;

/** A random draw as the editor sends it (GraphQL RandomDrawInput, REST randomDraws[]). */
export interface DrawFields {
  bankId: string;
  tag: string | null;
  count: number;
}

/** The draws of an edit, checked for their shape (the banks and the counts are checked against the data later). */
export function drawList(v: unknown): DrawFields[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw validation('A list was expected', 'randomDraws');
  return v.map((raw) => {
    const d = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (!isId(d.bankId)) throw validation(DRAW_TEXT.bankRequired, 'bankId');
    const tag =
      optionalRequiredText(d.tag === null || d.tag === '' ? undefined : d.tag, 'Tag cannot be blank', 'Tag', 50, 'line', 'tag') ?? null;
    const count = wholeNumber(d.count, DRAW_TEXT.countInvalid(1000), 1, 1000, 'count');
    if (count === undefined) throw validation(DRAW_TEXT.countInvalid(1000), 'count');
    return { bankId: d.bankId, tag, count };
  });
}

/**
 * Replaces an assessment's draws in the caller's transaction. Once a student has drawn, the draws stay as
 * they are (a draw never changes under a student); the same list sent again is no change.
 */
export async function writeDraws(m: EntityManager, assessmentId: string, next: DrawFields[]): Promise<void> {
  const current = await lockedDrawFields(m, assessmentId);
  const same =
    current.length === next.length &&
    current.every((c, i) => c.bank_id === next[i].bankId && c.tag === next[i].tag && c.count === next[i].count);
  if (same) return;
  const available = await availableCounts(m, next);
  next.forEach((d, i) => {
    if (d.count > available[i]) throw validation(DRAW_TEXT.countInvalid(available[i]), 'count');
  });
  if (await anyDrawn(m, assessmentId)) throw conflict(DRAW_TEXT.alreadyDrawn);
  await replaceDraws(m, assessmentId, next);
}

/** Drawn rows are numbered after any fixed question (whose order is at most 100000). */
const DRAWN_ORDER = 1_000_000;

/**
 * The student's draws of these assessments, made once: for each draw they have no picks of, `count` bank
 * questions at random (with the tag, when given; none they already hold in the item), each materialised once
 * per draw as an ordinary question and stored as their pick. One statement when nothing is missing; the draws'
 * rows are locked while drawing, so two first reads of one student draw once.
 */
export async function ensureDraws(ds: DataSource, assessmentIds: string[], studentId: string): Promise<void> {
  if (!assessmentIds.length) return;
  for (const assessmentId of await itemsWithDrawsMissing(ds, assessmentIds, studentId)) {
    await ds.transaction(async (m) => {
      for (const d of await lockedDraws(m, assessmentId)) {
        if (await hasPicks(m, d.id, studentId)) continue;
        const picked = await pickBankQuestions(m, d, assessmentId, studentId);
        for (const [i, bq] of picked.entries()) {
          let questionId = bq.question_id;
          if (!questionId) {
            const n = await drawnQuestionCount(m, assessmentId);
            questionId = await copyBankQuestion(m, assessmentId, bq.id, DRAWN_ORDER + n + 1, { linked: true, drawId: d.id });
          }
          await insertPick(m, d.id, studentId, questionId, i + 1);
        }
      }
    });
  }
}
