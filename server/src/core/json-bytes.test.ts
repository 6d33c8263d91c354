import { jsonBody, jsonBytes } from './json-bytes';

/** What jsonBytes must equal: the native text, encoded whole. */
const native = (value: unknown, tail = '') => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : Buffer.from(text + tail);
};

const same = (value: unknown, tail = '') => expect(jsonBytes(value, tail)?.toString('utf8')).toEqual(native(value, tail)?.toString('utf8'));

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

const deep = (levels: number): Record<string, unknown> =>
  levels === 0 ? { leaf: 'end' } : { level: levels, next: deep(levels - 1), list: [levels] };

it('writes every kind of value JSON knows as JSON.stringify does, at every level', () => {
  const values: unknown[] = [
    null,
    true,
    0,
    -0,
    1.5e300,
    NaN,
    Infinity,
    'text',
    '',
    [],
    {},
    [[], {}, [[]], { a: {} }],
    { a: 1, b: 'two', c: null, d: false, e: [1, 2, 3] },
    Object.assign(Object.create(null), { nullProto: true, inner: Object.assign(Object.create(null), { x: 1 }) }),
    { when: new Date(Date.UTC(2026, 10, 29, 12)), invalid: new Date(NaN), list: [new Date(0)] },
    { point: new Point(1, 2), map: new Map([[1, 2]]), set: new Set([1]) },
    { left: undefined, fn: () => 1, sym: Symbol('s'), kept: 1 },
    [undefined, () => 1, Symbol('s'), 1],
    // eslint-disable-next-line no-sparse-arrays
    [1, , 3],
    { own: { toJSON: () => ({ replaced: true }) }, gone: { toJSON: () => undefined }, text: { toJSON: (key: string) => `key ${key}` } },
    [{ toJSON: () => undefined }, { toJSON: () => 'x' }],
    Object.assign([1, 2], { toJSON: (key: string) => ({ array: key }) }),
    { 'quote"key': 1, 'back\\slash': 2, 'line\nbreak': 3, '\u2028': 4, '': 5, '0': 6, 10: 7, 2: 8 },
    { unicode: 'é ü ß 中文 😀', lone: '\ud800', pair: '\ud83d\ude00', controls: '\u0000\u001f\t' },
    deep(12),
    [deep(7), [deep(6), [deep(5)]]],
  ];
  for (const value of values) {
    same(value);
    same({ data: value });
    same({ data: { field: { list: [value, value] } } });
  }
});

it('adds the tail and answers undefined where JSON.stringify does', () => {
  same({ data: { me: { id: 1 } } }, '\n');
  same([1, 2], '\n');
  same('text', '\n');
  expect(jsonBytes(undefined)).toBeUndefined();
  expect(jsonBytes(() => 1)).toBeUndefined();
  expect(jsonBytes(Symbol('s'))).toBeUndefined();
});

it('writes large answers in pieces with the same bytes, multi-byte text across the pieces included', () => {
  const answer = (i: number) => ({
    id: `a${i}`,
    text: i % 3 ? 'ascii text of an answer'.repeat(20) : 'à la carte, 中文, 😀 '.repeat(30),
    options: [{ id: 'o1', isCorrect: true }, { id: 'o2' }],
    score: i / 7,
  });
  const dashboard = {
    data: {
      gradingDashboard: {
        submitted: Array.from({ length: 60 }, (_, s) => ({
          id: `s${s}`,
          answers: Array.from({ length: 25 }, (_, i) => answer(s * 25 + i)),
        })),
        overdue: [],
        totalStudents: 60,
      },
    },
  };
  const bytes = jsonBytes(dashboard, '\n')!;
  expect(bytes.length).toBeGreaterThan(500_000);
  same(dashboard, '\n');
  // a large answer is bytes, never one string of the whole; a small one is the one string it always was
  expect(Buffer.isBuffer(jsonBody(dashboard, '\n'))).toBe(true);
  expect(jsonBody({ data: { me: { id: 'u1', name: 'é' } } }, '\n')).toBe('{"data":{"me":{"id":"u1","name":"é"}}}\n');
  expect(jsonBody([1, 'two'])).toBe('[1,"two"]');
  expect(jsonBody(undefined)).toBeUndefined();
  expect(JSON.parse(bytes.toString('utf8'))).toEqual(dashboard);
  // one value larger than a piece by itself, and a piece boundary inside a long list of small ones
  same({ big: 'x'.repeat(100_000), list: Array.from({ length: 5000 }, (_, i) => `é${i}`) });
  // long lists in runs: holes, undefined, Dates and an item's toJSON handed its index in the whole list
  const long = Array.from({ length: 3000 }, (_, i) =>
    i % 500 === 7 ? { toJSON: (key: string) => `item ${key}` } : i % 97 === 5 ? undefined : { at: new Date(i * 1000), n: i },
  );
  delete long[11];
  same({ data: { list: long, tail: 'end' } }, '\n');
  same({ data: { list: long.filter((x) => !(x && 'toJSON' in x)) } });
  expect(Buffer.isBuffer(jsonBody({ data: { list: long } }))).toBe(true);
});

it('throws what JSON.stringify throws', () => {
  expect(() => jsonBytes({ n: BigInt(1) })).toThrow(TypeError);
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  expect(() => JSON.stringify(cycle)).toThrow(TypeError);
  expect(() => jsonBytes(cycle)).toThrow(TypeError);
  expect(() => jsonBytes({ data: { list: [cycle] } })).toThrow(TypeError);
});
