import { DomainError } from '../../errors/domain-error';
import { QuestionType, normalizeAnswer, questions as validQuestions } from '../assessments';
import { imageRefs, plainText } from './qti.text';
import { NeutralQuestion, QtiSkipped } from './qti.types';
import { XNode, descendants, elements, first, textOf } from './qti.xml';

/**
 * One QTI item (2.1, 2.2 or 3.0, already spelt the 3.0 way by qti.xml.ts) as a question of this application:
 * choiceInteraction -> MCQ, textEntryInteraction -> ShortAnswer, extendedTextInteraction and uploadInteraction
 * -> LongAnswer. The scoring is read from the response declaration and processing (match_correct: all or
 * nothing; map_response: the mapping, see `choiceScoring` and `textScoring`); where the item scores in a way
 * the application cannot express, the nearest question is made and a note says what differs. Anything else is
 * skipped with its reason. The result passes the assessment editor's validation (assessments.validation.ts).
 */

export const ITEM_TEXT = {
  noInteraction: 'The item has no interaction',
  severalInteractions: (n: number) => `The item has ${n} interactions; only items with one interaction are imported`,
  unsupported: (name: string) => `${name} has no question type here (MCQ, short answer and long answer are imported)`,
  template: 'The item is a template (its values are drawn when it is shown); it cannot be imported as a fixed question',
  adaptive: 'The item is adaptive (several attempts with changing feedback); it cannot be imported',
  noDeclaration: 'The item declares no response for its interaction',
} as const;

const SUPPORTED: Record<string, QuestionType> = {
  'qti-choice-interaction': QuestionType.MCQ,
  'qti-text-entry-interaction': QuestionType.ShortAnswer,
  'qti-extended-text-interaction': QuestionType.LongAnswer,
  'qti-upload-interaction': QuestionType.LongAnswer,
};

/** 'qti-order-interaction' -> 'orderInteraction' (the name both versions' readers know). */
export const interactionName = (element: string) => element.replace(/^qti-/, '').replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

const isInteraction = (x: XNode) => /^qti-[a-z-]+-interaction$/.test(x.name) && x.name !== 'qti-end-attempt-interaction';
const num = (v: string | undefined): number | undefined =>
  v === undefined || v.trim() === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
const fmt = (n: number) => String(Math.round(n * 100) / 100);

interface Mapping {
  lower?: number;
  upper?: number;
  fallback: number;
  entries: Map<string, number>;
  caseSensitive: Map<string, boolean>;
}

function mappingOf(decl: XNode): Mapping | undefined {
  const m = first(decl, 'qti-mapping');
  if (!m) return undefined;
  const entries = new Map<string, number>();
  const caseSensitive = new Map<string, boolean>();
  for (const e of elements(m, 'qti-map-entry')) {
    const key = e.attrs['map-key'] ?? '';
    entries.set(key, num(e.attrs['mapped-value']) ?? 0);
    caseSensitive.set(key, e.attrs['case-sensitive'] !== 'false');
  }
  return {
    lower: num(m.attrs['lower-bound']),
    upper: num(m.attrs['upper-bound']),
    fallback: num(m.attrs['default-value']) ?? 0,
    entries,
    caseSensitive,
  };
}

/** How the item scores its response: by the mapping, or all or nothing on the correct response (worth `worth`). */
function scoringOf(item: XNode, mapping: Mapping | undefined): { byMapping: boolean; worth: number } {
  const rp = first(item, 'qti-response-processing');
  const template = rp?.attrs.template ?? rp?.attrs['template-location'] ?? '';
  if (!rp || (!template && !rp.children.some((c) => typeof c !== 'string'))) return { byMapping: !!mapping, worth: 1 };
  if (/map_response(\.xml)?$/.test(template) || descendants(rp, 'qti-map-response').length) return { byMapping: !!mapping, worth: 1 };
  // match_correct, or a processing of its own that sets SCORE to a value when the response matches
  const set = descendants(rp, (x) => x.name === 'qti-set-outcome-value' && x.attrs.identifier === 'SCORE').flatMap((x) =>
    descendants(x, 'qti-base-value').map((b) => num(textOf(b)) ?? 0),
  );
  return { byMapping: false, worth: /match_correct/.test(template) || !set.length ? 1 : Math.max(1, ...set) };
}

/** The points the item declares it is worth (MAXSCORE, or SCORE's normal-maximum), if it does. */
function declaredMax(item: XNode): number | undefined {
  const outcomes = elements(item, 'qti-outcome-declaration');
  const maxscore = outcomes.find((o) => o.attrs.identifier === 'MAXSCORE');
  const value = maxscore && descendants(maxscore, 'qti-value')[0];
  return (value && num(textOf(value))) ?? num(outcomes.find((o) => o.attrs.identifier === 'SCORE')?.attrs['normal-maximum']);
}

/** Whole points of at least 1 for a package maximum, and a note when the package's scores are scaled. */
function pointsFor(max: number, notes: string[]): number {
  const points = Math.max(1, Math.round(max));
  if (Math.abs(points - max) > 1e-9)
    notes.push(`The item is worth ${fmt(max)}; here it is worth ${points} point${points === 1 ? '' : 's'} and scores in proportion`);
  return points;
}

/**
 * MCQ scoring. With a mapping and several answers possible: partial marking, each correct option an equal
 * share of the points, the penalty per wrong option the largest the mapping takes off one (so no answer
 * earns more than the package gives it when they differ), the total floored at 0.
 */
function choiceScoring(item: XNode, decl: XNode, choices: Array<{ id: string }>, correct: Set<string>, notes: string[]) {
  const mapping = mappingOf(decl);
  const { byMapping, worth } = scoringOf(item, mapping);
  const multiple = decl.attrs.cardinality !== 'single';
  if (!byMapping || !mapping) return { points: pointsFor(declaredMax(item) ?? worth, notes), partial: false, penalty: 0 };
  const value = (id: string) => mapping.entries.get(id) ?? mapping.fallback;
  if (!correct.size) choices.filter((c) => value(c.id) > 0).forEach((c) => correct.add(c.id));
  const right = choices.filter((c) => correct.has(c.id)).map((c) => value(c.id));
  const wrong = choices.filter((c) => !correct.has(c.id)).map((c) => value(c.id));
  const max = mapping.upper ?? (multiple ? right.reduce((s, v) => s + Math.max(0, v), 0) : Math.max(0, ...right));
  const points = pointsFor(declaredMax(item) ?? (max || 1), notes);
  if (wrong.some((v) => v > 0)) notes.push('Some wrong options earn points in the package; here they earn none');
  if (!multiple) {
    if (wrong.some((v) => v < 0) && (mapping.lower ?? -1) < 0) notes.push('The package scores a wrong answer below 0; here it scores 0');
    return { points, partial: false, penalty: 0 };
  }
  if (!max) return { points, partial: false, penalty: 0 };
  if (new Set(right.map((v) => fmt(v))).size > 1 || right.some((v) => Math.abs(v - max / right.length) > 1e-9)) {
    notes.push(`The correct options are worth ${right.map(fmt).join(', ')} in the package; here each earns an equal share of the points`);
  }
  const costs = wrong.map((v) => Math.max(0, -v));
  const penalty = Math.min(100, Math.round((Math.max(0, ...costs) / max) * 100));
  if (new Set(costs.map(fmt)).size > 1) {
    notes.push(
      `The wrong options cost ${[...new Set(costs.map(fmt))].join(', ')} in the package; here each costs the largest, ${penalty}% of the points`,
    );
  }
  if (mapping.lower !== 0) notes.push('The package does not stop the score at 0; here it never goes below 0');
  return { points, partial: true, penalty };
}

/** Short-answer scoring: the mapped answers with their values as percent of the item's maximum (case ignored). */
function textScoring(item: XNode, decl: XNode, correct: string[], notes: string[]) {
  const mapping = mappingOf(decl);
  const { byMapping, worth } = scoringOf(item, mapping);
  if (['float', 'integer'].includes(decl.attrs['base-type'] ?? ''))
    notes.push('The package compares numbers; here the answer is compared as text');
  if (!byMapping || !mapping) {
    return { points: pointsFor(declaredMax(item) ?? worth, notes), accepted: correct.map((answer) => ({ answer, weight: 100 })) };
  }
  const values = [...mapping.entries.values()];
  const max = mapping.upper ?? Math.max(0, ...values);
  const points = pointsFor(declaredMax(item) ?? (max || 1), notes);
  if (mapping.fallback > 0) notes.push('The package gives points to any answer; here only the accepted answers earn points');
  const best = new Map<string, { answer: string; weight: number; sensitive: boolean; others: string[] }>();
  for (const [answer, v] of mapping.entries) {
    if (v <= 0 || !answer.trim()) continue;
    const weight = Math.min(100, Math.round((v / (max || 1)) * 100));
    const key = normalizeAnswer(answer);
    const had = best.get(key);
    if (!had) {
      best.set(key, { answer, weight, sensitive: !!mapping.caseSensitive.get(answer), others: [] });
      continue;
    }
    had.others.push(`"${answer}" (${Math.min(weight, had.weight)}%)`);
    if (weight > had.weight) Object.assign(had, { answer, weight });
  }
  for (const b of best.values()) {
    if (b.others.length)
      notes.push(
        `Answers are compared here without regard to case and spacing: ${b.others.join(', ')} earns what "${b.answer}" earns (${b.weight}%)`,
      );
  }
  return { points, accepted: [...best.values()].map(({ answer, weight }) => ({ answer: answer.trim(), weight })) };
}

export type ItemRead =
  | { ok: true; identifier: string; interaction: string; question: NeutralQuestion; notes: string[]; images: string[] }
  | { ok: false; skipped: QtiSkipped };

/** Reads one item element (`root`); `tags` come from the manifest. */
export function readItem(root: XNode, fallbackId: string, tags: string[] = []): ItemRead {
  const identifier = root.attrs.identifier?.trim() || fallbackId;
  const body = first(root, 'qti-item-body');
  const interactions = body ? descendants(body, isInteraction) : [];
  const skip = (interaction: string, reason: string): ItemRead => ({ ok: false, skipped: { identifier, interaction, reason } });
  if (!interactions.length || !body) return skip('none', ITEM_TEXT.noInteraction);
  const names = interactions.map((i) => interactionName(i.name));
  if (interactions.length > 1) return skip([...new Set(names)].join(', '), ITEM_TEXT.severalInteractions(interactions.length));
  const [interaction] = interactions;
  const type = SUPPORTED[interaction.name];
  if (!type) return skip(names[0], ITEM_TEXT.unsupported(names[0]));
  if (elements(root, 'qti-template-declaration').length) return skip(names[0], ITEM_TEXT.template);
  if (root.attrs.adaptive === 'true') return skip(names[0], ITEM_TEXT.adaptive);
  const decl = elements(root, 'qti-response-declaration').find((d) => d.attrs.identifier === interaction.attrs['response-identifier']);
  if (!decl && type !== QuestionType.LongAnswer) return skip(names[0], ITEM_TEXT.noDeclaration);
  const notes: string[] = [];
  const correct = decl
    ? descendants(first(decl, 'qti-correct-response') ?? { name: '', attrs: {}, children: [] }, 'qti-value').map((v) => textOf(v).trim())
    : [];
  const raw: Record<string, unknown> = { type, questionText: plainText(body), tags };
  if (type === QuestionType.MCQ && decl) {
    const choices = descendants(interaction, 'qti-simple-choice').map((c) => ({ id: c.attrs.identifier ?? '', text: plainText(c, true) }));
    const right = new Set(correct);
    const s = choiceScoring(root, decl, choices, right, notes);
    Object.assign(raw, {
      points: s.points,
      options: choices.map((c) => ({ text: c.text, isCorrect: right.has(c.id) })),
      partialMarking: { enabled: s.partial, penaltyPerWrong: s.penalty },
    });
  } else if (type === QuestionType.ShortAnswer && decl) {
    const s = textScoring(root, decl, correct, notes);
    Object.assign(raw, { points: s.points, acceptedAnswers: s.accepted });
  } else {
    raw.points = pointsFor(declaredMax(root) ?? 1, notes);
  }
  try {
    const [q] = validQuestions([raw], '');
    const question: NeutralQuestion = {
      type: q.type,
      questionText: q.questionText,
      points: q.points,
      tags,
      options: q.options.map(({ text, isCorrect }) => ({ text, isCorrect })),
      acceptedAnswers: q.accepted.map(({ answer, weight }) => ({ answer, weight })),
      partialMarking: { enabled: q.partialMarking, penaltyPerWrong: q.penaltyPerWrong },
    };
    return { ok: true, identifier, interaction: names[0], question, notes, images: imageRefs(body) };
  } catch (err) {
    if (err instanceof DomainError) return skip(names[0], err.message);
    throw err;
  }
}
