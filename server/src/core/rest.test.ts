import express from 'express';
import { AddressInfo } from 'node:net';
import { User, presentUser } from '../modules/users';
import { Role } from './role';
import { Actor } from '../policies';
import { Presented, UnpresentedValueError, publicRoute, restJson, send, sendTopLevelAndData, toRest } from './rest';

/** The generic REST shaper renames and formats; what is shown is decided by presenters only. */
const user = Object.assign(new User(), {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@x.school',
  role: Role.Admin,
  activated: true,
  passwordHash: 'secret',
  classId: null,
  academicYearId: null,
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
});
const viewer: Actor = { userId: 'u1', role: Role.Admin, activeRole: Role.Admin, impersonating: false, sessionId: 's1', childIds: [] };

it('renames id to _id and formats dates through plain objects and arrays', () => {
  expect(
    toRest({ id: 'a', at: new Date('2026-01-02T03:04:05.000Z'), list: [{ id: 'b', n: 1, ok: true, none: null }], gone: undefined }),
  ).toEqual({ _id: 'a', at: '2026-01-02T03:04:05.000Z', list: [{ _id: 'b', n: 1, ok: true, none: null }], gone: null });
  expect(toRest(Object.assign(Object.create(null), { id: 'c' }))).toEqual({ _id: 'c' });
});

it("writes as JSON exactly what toRest's copy writes, without the copy where it can", () => {
  const tricky = 'a "id": {"id": \\", ,"id":x';
  const cases: unknown[] = [
    null,
    'x',
    3,
    true,
    [],
    {},
    [undefined, null, 1],
    Number.NaN,
    {
      id: 'a',
      at: new Date('2026-01-02T03:04:05.000Z'),
      list: [{ id: 'b', n: 1, ok: true, none: null, text: tricky }],
      nested: { id: 'c', ids: ['id'] },
    },
    { text: tricky, id: tricky, [tricky]: { id: 1 } },
    { id: 'a', gone: undefined, list: [{ id: 'b', also: undefined }] },
    { id: 'x', _id: 'y' },
    Object.assign(Object.create(null), { id: 'c', deep: [[{ id: 'd' }]] }),
    presentUser(viewer, user),
    // renamed in the encoded bytes: several bytes a character around the keys, keys back to back, one at the very start
    { id: { id: { id: '漢字' } }, ü: 'Zoë', list: [{ Ł: '🎓', id: 'é' }, { id: '"id":' }] },
    [{ id: 1 }],
  ];
  for (const value of cases) expect([value, restJson(value).toString('utf8')]).toEqual([value, JSON.stringify(toRest(value))]);
  expect(() => restJson([{ id: 'a', author: user }])).toThrow(/User instance/);
  expect(() => restJson({ f: () => 1 })).toThrow(UnpresentedValueError);
  expect(() => restJson({ at: new Date(Number.NaN) })).toThrow(RangeError);
});

it('refuses anything a presenter did not shape: entities, class instances, functions', () => {
  expect(() => toRest(user)).toThrow(UnpresentedValueError);
  expect(() => toRest([{ id: 'a', author: user }])).toThrow(/User instance/);
  expect(() => toRest({ when: new (class Later {})() })).toThrow(/Later instance/);
  expect(() => toRest({ f: () => 1 })).toThrow(UnpresentedValueError);
  expect(() => toRest(10n)).toThrow(UnpresentedValueError);
  expect(toRest(presentUser(viewer, user))).toEqual({
    _id: 'u1',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@x.school',
    role: 'Admin',
    activated: true,
    createdAt: '2026-01-02T03:04:05.000Z',
  });
});

it('answers an unpresented entity as 500 Internal server error, never field by field', async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.ctx = { requestId: 'rest-test' };
    next();
  });
  // a handler that forgot its presenter (the types refuse it; this is what happens when they are bypassed)
  app.get(
    '/leak',
    publicRoute(async (_req, res) => send(res, user as unknown as Presented)),
  );
  app.get(
    '/nested',
    publicRoute(async (_req, res) => send(res, presentUser(viewer, user), { author: { who: user } as unknown as Presented })),
  );
  app.get(
    '/ok',
    publicRoute(async (_req, res) => send(res, presentUser(viewer, user))),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const path of ['/leak', '/nested']) {
      const res = await fetch(base + path);
      const text = await res.text();
      expect([res.status, JSON.parse(text)]).toEqual([
        500,
        { success: false, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' },
      ]);
      expect(text).not.toContain('secret');
      expect(text).not.toContain('ada@x.school');
    }
    const ok = await fetch(`${base}/ok`);
    expect(ok.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await ok.json()).toMatchObject({ success: true, data: { _id: 'u1', email: 'ada@x.school' } });
  } finally {
    await new Promise((r) => server.close(r));
  }
});

it('writes top-level fields and the same as data once, in the text sendShaped writes for { success, ...fields, data: fields }', async () => {
  const app = express();
  const cases: object[] = [
    { submitted: [{ id: 's1', at: new Date(0), answers: [{ id: 'a', text: 'say "id":' }] }], totalStudents: 3, cursor: null },
    {},
    { id: 'x', nested: { id: 'y', _id: 'z' } },
    { data: [1], success: 'no' },
    // several bytes a character in UTF-8, at the very start and end of the fields
    { ü: 'Zoë Łukasz 漢字 🎓', list: [{ id: 'é', text: '"id": ✓' }], ß: '✓' },
  ];
  app.get('/:i', (req, res) => sendTopLevelAndData(res, cases[Number(req.params.i)] as Presented));
  const server = app.listen(0);
  try {
    const port = (server.address() as AddressInfo).port;
    for (const [i, fields] of cases.entries()) {
      const answer = await fetch(`http://127.0.0.1:${port}/${i}`);
      const text = await answer.text();
      expect(text).toBe(JSON.stringify(toRest({ success: true, ...fields, data: fields })));
      expect([i, answer.headers.get('content-type'), Number(answer.headers.get('content-length'))]).toEqual([
        i,
        'application/json; charset=utf-8',
        Buffer.byteLength(text),
      ]);
    }
  } finally {
    server.close();
  }
});
