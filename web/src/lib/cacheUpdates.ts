import type { ApolloCache, Reference } from '@apollo/client';

/** A normalised object: its type name and id make its cache key (`Course:1f...`). */
export type CacheObject = {
  __typename: string;
  id: string;
};

/**
 * A mutation created `item` (its answer is already in the cache under its id): add it to the `field` list of
 * `owner` (a course's announcements, a thread's replies...), where the server's order puts new items. Lists
 * not in the cache stay as they are; an item already listed is not added twice.
 */
export function addToList(cache: ApolloCache, owner: CacheObject, field: string, item: CacheObject, at: 'start' | 'end'): void {
  const itemId = cache.identify(item);
  if (!itemId) return;
  cache.modify({
    id: cache.identify(owner),
    fields: {
      [field]: (existing: readonly Reference[] = []) => {
        if (existing.some((ref) => ref.__ref === itemId)) return existing;
        const ref: Reference = { __ref: itemId };
        return at === 'start' ? [ref, ...existing] : [...existing, ref];
      },
    },
  });
}

/**
 * The server deleted `object` (its delete mutation answers only `true`): drop it and whatever only it held.
 * Lists that referred to it leave it out when read, so the pages update without asking the server again.
 */
export function evictObject(cache: ApolloCache, object: CacheObject): void {
  cache.evict({ id: cache.identify(object) });
  cache.gc();
}

/**
 * Where a new or deleted row falls in a paged root list (`users`, `classes`...) and its total are the server's
 * to say: the cached pages of `field` are dropped, and the page on screen asks for its rows again by itself.
 */
export function dropPages(cache: Pick<ApolloCache, 'evict' | 'gc'>, field: string): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: field });
  cache.gc();
}
