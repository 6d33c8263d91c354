import { keptWhileRoom } from './kept';

it("makes a key's value once while the cache has room, and every time past its bound", () => {
  const cache = new Map<string, string>();
  let made = 0;
  const make = (key: string) => `${key}:${++made}`;
  expect(keptWhileRoom(cache, 'a', 2, make)).toBe('a:1');
  expect(keptWhileRoom(cache, 'a', 2, make)).toBe('a:1');
  expect(keptWhileRoom(cache, 'b', 2, make)).toBe('b:2');
  expect(keptWhileRoom(cache, 'c', 2, make)).toBe('c:3');
  expect(keptWhileRoom(cache, 'c', 2, make)).toBe('c:4');
  expect([...cache.keys()]).toEqual(['a', 'b']);
});
