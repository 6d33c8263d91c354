// Comparing an answer of the app with its floor's (run.mjs): the first place they differ, and a document without
// the fields a scenario leaves out of the comparison.
import { isDeepStrictEqual } from 'node:util';

/** Where two documents first differ (a path and both values), for the failure message. */
export function firstDifference(a, b, at = '') {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && a.length !== b.length) return `${at || '.'}: app has ${a.length} items, floor ${b.length}`;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], `${at}.${k}`);
      if (d) return d;
    }
  }
  const show = (v) => (v === undefined ? 'absent' : JSON.stringify(v).slice(0, 160));
  return `${at || '.'}: app ${show(a)}, floor ${show(b)}`;
}

export const without = (doc, fields) => JSON.parse(JSON.stringify(doc, (k, v) => (fields?.includes(k) ? undefined : v)));
