/**
 * `make(key)`, kept in `cache` under `key` while the cache holds fewer than `bound` entries: what a server asks again
 * on every request (a statement text's checked form, an Accept header's answer type) is made once, and a key made
 * per request (a list expanded into `IN ($1, $2, ...)`, an odd header) cannot grow the cache without end; past the
 * bound it is made each time. Values must not be undefined (that reads as not kept).
 */
export function keptWhileRoom<T>(cache: Map<string, T>, key: string, bound: number, make: (key: string) => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    if (cache.size < bound) cache.set(key, value);
  }
  return value;
}
