import { QueryFailedError } from 'typeorm';
import { conflict, notFound, validation } from '../errors/domain-error';
import { isId } from './ids';

/**
 * Parsing of untrusted input shared by every domain's validation (both transports send the same shapes).
 * Absent (undefined) means "unchanged" on updates; the texts name the field.
 */
export const INPUT_TEXT = {
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters`,
  notText: (field: string) => `${field} must be text`,
  controlCharacters: (field: string) => `${field} cannot contain control characters`,
  notBoolean: (field: string) => `${field} must be true or false`,
  versionInvalid: 'Version must be a whole number',
  changedMeanwhile: (what: string) => `This ${what} was changed by someone else. Reload it and try again.`,
} as const;

const given = (v: unknown) => v !== undefined;

/** The largest value of a PostgreSQL integer column: anything above is refused here, not by the database. */
export const INT4_MAX = 2147483647;

// C0 and C1 controls and DEL; a multi-line text keeps tab, line feed and carriage return
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// invisible characters that make two equal-looking names differ: zero-width space, word joiner, BOM,
// Mongolian vowel separator and the bidi marks, embeddings, overrides and isolates. Zero-width joiner and
// non-joiner stay: they change how Persian, Indic and emoji text is drawn.
const INVISIBLE = /[\u200b\u2060\ufeff\u180e\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/**
 * Length as people count it: code points, so an emoji is one character (as PostgreSQL's length() counts).
 * Given the bound it is compared with, a string far beyond it (over twice as many code units) is not spread
 * only to be refused: its code-unit length answers the comparison just as well.
 */
export function charCount(s: string, bound?: number): number {
  return bound !== undefined && s.length > 2 * bound ? s.length : [...s].length;
}

/** A name or title as stored: NFC, without invisible characters, trimmed (so equal-looking names are equal). */
export function normalizeLine(s: string): string {
  return s.normalize('NFC').replace(INVISIBLE, '').trim();
}

export type TextKind = 'line' | 'multiline';

/** Text from either transport, normalised and checked: only strings, no control characters, a length in characters. */
/*
 * Every helper below takes, last, the input's `key` as the schema spells it (`firstName`): a refusal carries it
 * as `extensions.field`, while `field` is the same input in the words the message uses ("First name").
 */

function text(v: unknown, field: string, max: number, kind: TextKind, key?: string): string {
  if (typeof v !== 'string') throw validation(INPUT_TEXT.notText(field), key);
  const s = kind === 'line' ? normalizeLine(v) : v.normalize('NFC').trim();
  if ((kind === 'line' ? CONTROL_IN_LINE : CONTROL_IN_TEXT).test(s)) throw validation(INPUT_TEXT.controlCharacters(field), key);
  if (charCount(s, max) > max) throw validation(INPUT_TEXT.tooLong(field, max), key);
  return s;
}

/** A required text: present, not blank, within its length; a name or title unless `kind` says multi-line. */
export function requiredText(v: unknown, required: string, field: string, max: number, kind: TextKind = 'line', key?: string): string {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) throw validation(required, key);
  const s = text(v, field, max, kind, key);
  if (!s) throw validation(required, key);
  return s;
}

/** A required text on update: absent means unchanged, present must not be blank. */
export function optionalRequiredText(
  v: unknown,
  required: string,
  field: string,
  max: number,
  kind: TextKind = 'line',
  key?: string,
): string | undefined {
  return given(v) ? requiredText(v, required, field, max, kind, key) : undefined;
}

/** Free text (multi-line unless told): absent is unchanged (undefined), null or blank is empty. */
export function freeText(v: unknown, field: string, max: number, kind: TextKind = 'multiline', key?: string): string | undefined {
  if (!given(v)) return undefined;
  if (v === null) return '';
  return text(v, field, max, kind, key);
}

/** A whole number within [min, max] (at most an int4), or undefined when absent. */
export function wholeNumber(v: unknown, invalid: string, min = 0, max = INT4_MAX, key?: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw validation(invalid, key);
  return v;
}

export function flag(v: unknown, field: string, key?: string): boolean | undefined {
  if (!given(v) || v === null) return undefined;
  if (typeof v !== 'boolean') throw validation(INPUT_TEXT.notBoolean(field), key);
  return v;
}

/** An id sent either as text or as a populated object ({ _id } or { id }), as REST clients do. */
export function unwrapId(v: unknown): unknown {
  return v && typeof v === 'object' ? ((v as { _id?: unknown; id?: unknown })._id ?? (v as { id?: unknown }).id) : v;
}

/**
 * A reference to another record (REST sends the id, tolerantly also {_id}). Blank means missing; an id
 * that cannot exist is answered like a missing record.
 */
export function refId(v: unknown, required: string, missing: string, key?: string): string {
  const raw = unwrapId(v);
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) throw validation(required, key);
  if (!isId(raw)) throw notFound(missing);
  return raw;
}

export function optionalRefId(v: unknown, required: string, missing: string, key?: string): string | undefined {
  return given(v) ? refId(v, required, missing, key) : undefined;
}

/** Optional version for an optimistic-concurrency check. */
export function versionOf(v: unknown): number | undefined {
  return wholeNumber(v, INPUT_TEXT.versionInvalid);
}

function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  if (!(err instanceof QueryFailedError)) return undefined;
  return err.driverError as { code?: string; constraint?: string };
}

/** Turns the unique violation of a known constraint into its text; anything else is rethrown unchanged. */
export function rethrowUnique(err: unknown, texts: Record<string, string>): never {
  const pg = pgError(err);
  if (pg?.code === '23505' && pg.constraint && texts[pg.constraint]) throw conflict(texts[pg.constraint]);
  throw err;
}

/** A delete blocked by a foreign key we did not count ourselves (a later domain's rows). */
export function isStillReferenced(err: unknown): boolean {
  return pgError(err)?.code === '23503';
}
