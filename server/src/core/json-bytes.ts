/**
 * JSON.stringify's text of a value, for an answer's body, without ever making one string of a large answer (issue 28).
 *
 * V8 puts a string over about 128 KB in its large-object space, which maps fresh memory for each one: on these
 * machines making a 145 KB string (a join, a flattened concatenation, JSON.stringify's own text once encoded) costs
 * 1.3 ms and a 500 KB one 2-4 ms, where writing the same 145 KB from its pieces into one buffer costs 0.03 ms. A
 * grading dashboard's answer (0.3 MB in GraphQL, 0.6 MB of REST fields) paid that on every request. Here the top
 * levels of the value are walked in JS and everything below them is written by the native JSON.stringify, as pieces
 * that are only ever written into the answer's buffer, once JSON.stringify's own text (a rope, never read) says the
 * answer is large; an answer that stays small is that one string, as before. The text is JSON.stringify's, byte for byte: `json-bytes.test.ts` checks every
 * kind of value JSON knows, at every level.
 */

/**
 * Characters of text below which an answer is made one string: under V8's large-object size (128 KB) for text of
 * one byte a character (a larger string of two-byte text lands there, as every such answer did before).
 */
const ONE_STRING = 120_000;

/** A list whose text is likely under this many characters is written by one JSON.stringify call, a longer one in runs of about as many. */
const ONE_CALL = 30_000;

/**
 * Levels of objects walked in JS to reach the long lists: a document, `data`, the root field, an object in it
 * (GraphQL), or the envelope and its data (REST). A list's items are each written by one call.
 */
const WALKED_LEVELS = 4;

/** A container JSON.stringify writes member by member: a plain object or array without its own toJSON. */
function walkable(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A member's text as JSON.stringify writes it under its key (undefined: left out). A toJSON is handed the member's
 * key, as JSON.stringify hands it; a Date's ignores it, so a Date needs no holder.
 */
const keyedToJson = (member: unknown) =>
  member !== null &&
  (typeof member === 'object' || typeof member === 'bigint') &&
  typeof (member as { toJSON?: unknown }).toJSON === 'function' &&
  !(member instanceof Date);

function memberJson(key: string, member: unknown): string | undefined {
  if (keyedToJson(member)) {
    const text = JSON.stringify({ [key]: member });
    return text.length === 2 ? undefined : text.slice(JSON.stringify(key).length + 2, -1);
  }
  return JSON.stringify(member);
}

/** The text of a walkable value as pieces, in order. */
function piecesOf(value: Record<string, unknown> | unknown[]): { pieces: string[] } {
  const pieces: string[] = [];
  const put = (text: string) => void pieces.push(text);
  const write = (v: Record<string, unknown> | unknown[], level: number): void => {
    if (Array.isArray(v)) {
      const estimate = JSON.stringify(v[0])?.length ?? 4;
      if (v.length < 2 || estimate * v.length < ONE_CALL) return put(JSON.stringify(v));
      // a long list in runs of items of about ONE_CALL characters, each run by one call: a call an item cost more
      // than it saved on a list of small items (500 quizzes), and walking into the items more again
      const run = Math.max(1, Math.floor(ONE_CALL / Math.max(1, estimate)));
      put('[');
      for (let i = 0; i < v.length; i += run) {
        if (i > 0) put(',');
        const items = v.slice(i, i + run);
        if (!items.some(keyedToJson)) put(JSON.stringify(items).slice(1, -1));
        // a toJSON is handed the item's own index, as it would be in the whole list
        else
          for (let j = 0; j < items.length; j++) {
            if (j > 0) put(',');
            put(memberJson(String(i + j), items[j]) ?? 'null');
          }
      }
      put(']');
      return;
    }
    put('{');
    let first = true;
    for (const key of Object.keys(v)) {
      const member = v[key];
      const walked = level < WALKED_LEVELS && walkable(member);
      // what JSON.stringify leaves out (undefined, functions, symbols, a toJSON answering undefined) has no key either
      const text = walked ? undefined : memberJson(key, member);
      if (!walked && text === undefined) continue;
      put(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      first = false;
      if (walked) write(member as Record<string, unknown> | unknown[], level + 1);
      else put(text!);
    }
    put('}');
  };
  write(value, 1);
  return { pieces };
}

/** The pieces written one after another into one buffer of their UTF-8 size. */
function written(pieces: string[]): Buffer {
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const piece of pieces) at += out.write(piece, at);
  return out;
}

/**
 * `JSON.stringify(value) + tail`: one string when it is small, its UTF-8 bytes when it is large; undefined where
 * JSON.stringify answers undefined (a function, a symbol, undefined itself). Throws what JSON.stringify throws.
 */
export function jsonBody(value: unknown, tail = ''): string | Buffer | undefined {
  // JSON.stringify's text is a rope until something reads it whole: its length costs nothing, and a small answer is
  // then the one string it always was (walking it in pieces measured slower for a list of 500 quizzes, 79 KB)
  const text = JSON.stringify(value);
  if (text === undefined) return undefined;
  if (text.length + tail.length < ONE_STRING || !walkable(value)) return text + tail;
  const { pieces } = piecesOf(value);
  if (tail) pieces.push(tail);
  return written(pieces);
}

/** `Buffer.from(JSON.stringify(value) + tail)`, made as jsonBody makes a large answer. */
export function jsonBytes(value: unknown, tail = ''): Buffer | undefined {
  const body = jsonBody(value, tail);
  return typeof body === 'string' ? Buffer.from(body) : body;
}
