import { GraphQLScalarType } from 'graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { DateTimeISO } from './date-time';
import { buildAppSchema } from './schema';

/** The shortcut answers exactly what graphql-scalars' DateTimeISO answers, and refuses what it refuses. */
describe('DateTimeISO', () => {
  const outcome = (scalar: GraphQLScalarType, value: unknown) => {
    try {
      return { value: scalar.serialize(value) as unknown };
    } catch (err) {
      return { error: (err as Error).message };
    }
  };
  const answers = (value: unknown) => outcome(GraphQLDateTimeISO, value);
  const ours = (value: unknown) => outcome(DateTimeISO, value);

  it('answers every value as graphql-scalars does: texts in its own form as they are, others written anew or refused', () => {
    const values: unknown[] = [
      '2026-11-29T10:15:30.123Z',
      '2024-02-29T23:59:59.999Z',
      '1999-12-31T00:00:00.000Z', // its own form
      '2026-11-29T10:15:30Z',
      '2026-11-29T10:15:30.1Z',
      '2026-11-29T12:15:30.123+02:00', // valid, written anew
      new Date('2026-11-29T10:15:30.123Z'),
      1795948377463,
      '2026-13-01T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-11-31T10:15:30.123Z',
      '2026-12-31T10:15:30.123Z',
      '2026-02-29T00:00:00.000Z',
      '2024-02-29T10:15:30.123Z',
      '2000-02-29T10:15:30.123Z',
      '1900-02-29T10:15:30.123Z',
      '2024-02-30T10:15:30.123Z',
      '2026-06-30T10:15:30.123Z',
      '2026-06-31T10:15:30.123Z',
      '2026-07-31T10:15:30.123Z',
      '2026-11-29T23:59:59.999Z',
      '2026-11-29T24:00:00.000Z',
      '2026-11-29 10:15:30',
      'not a date',
      '',
      new Date('nonsense'),
      {},
      true, // refused
    ];
    for (const value of values) expect(ours(value)).toEqual(answers(value));
    // every day of four years around a leap year and a century, at a time of day that moves with it
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2003, 0, 1); t += 86_400_000 + 7_321) {
      const text = new Date(t).toISOString();
      expect(ours(text)).toEqual(answers(text));
    }
    expect(ours('2026-11-29T10:15:30.123Z')).toEqual({ value: '2026-11-29T10:15:30.123Z' });
    expect(ours('2026-11-29T10:15:30Z')).toEqual({ value: '2026-11-29T10:15:30.000Z' });
    expect(ours('not a date').error).toBeTruthy();
  });

  it("is the scalar of every Date field, with graphql-scalars' name and description", async () => {
    const schema = await buildAppSchema();
    const scalar = schema.getType('DateTimeISO');
    expect(scalar).toBe(DateTimeISO);
    expect(DateTimeISO.description).toBe(GraphQLDateTimeISO.description);
    expect(DateTimeISO.parseValue('2026-11-29T10:15:30Z')).toEqual(GraphQLDateTimeISO.parseValue('2026-11-29T10:15:30Z'));
  });
});
