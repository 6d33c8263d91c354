/**
 * `run` twice: as the code is (`fresh`), then with `owner[method]` replaced by `orm` (the ORM path a one-statement
 * read replaced, kept in the test as the yardstick), the method put back afterwards whatever happens.
 */
export async function bothWays<O extends object, K extends keyof O, T>(
  owner: O,
  method: K,
  orm: O[K],
  run: () => Promise<T>,
): Promise<{ fresh: T; orm: T }> {
  const fresh = await run();
  const own = owner[method];
  owner[method] = orm;
  try {
    return { fresh, orm: await run() };
  } finally {
    owner[method] = own;
  }
}
