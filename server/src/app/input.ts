import { QueryFailedError } from 'typeorm';
import { conflict, notFound, validation } from '../errors/domain-error';
import { isId } from './ids';

/**
 * Parsing of untrusted input shared by every domain's validation (both transports send the same shapes).
 * Absent (undefined) means "unchanged" on updates; the texts name the field.
 */
export const INPUT_TEXT = {
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters`,
  notBoolean: (field: string) => `${field} must be true or false`,
  versionInvalid: 'Version must be a whole number',
  changedMeanwhile: (what: string) => `This ${what} was changed by someone else. Reload it and try again.`,
} as const;

const given = (v: unknown) => v !== undefined;

/** A required text: trimmed, present, within its length. */
export function requiredText(v: unknown, required: string, field: string, max: number): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw validation(required);
  if (s.length > max) throw validation(INPUT_TEXT.tooLong(field, max));
  return s;
}

/** A required text on update: absent means unchanged, present must not be blank. */
export function optionalRequiredText(v: unknown, required: string, field: string, max: number): string | undefined {
  return given(v) ? requiredText(v, required, field, max) : undefined;
}

/** Free text: absent is unchanged (undefined), null or blank is empty. */
export function freeText(v: unknown, field: string, max: number): string | undefined {
  if (!given(v)) return undefined;
  if (v === null) return '';
  const s = typeof v === 'string' ? v.trim() : String(v).trim();
  if (s.length > max) throw validation(INPUT_TEXT.tooLong(field, max));
  return s;
}

export function flag(v: unknown, field: string): boolean | undefined {
  if (!given(v) || v === null) return undefined;
  if (typeof v !== 'boolean') throw validation(INPUT_TEXT.notBoolean(field));
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
export function refId(v: unknown, required: string, missing: string): string {
  const raw = unwrapId(v);
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) throw validation(required);
  if (!isId(raw)) throw notFound(missing);
  return raw;
}

export function optionalRefId(v: unknown, required: string, missing: string): string | undefined {
  return given(v) ? refId(v, required, missing) : undefined;
}

/** Optional version for an optimistic-concurrency check. */
export function versionOf(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw validation(INPUT_TEXT.versionInvalid);
  return v;
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

