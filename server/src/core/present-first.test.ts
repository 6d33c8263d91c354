import type { GraphQLObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { presentFirstProperty } from './present-first';
import { buildAppSchema } from '../app/schema';

describe('PresentFirst', () => {
  it('marks only resolvers whose body starts by answering that property of their parent when it holds a value', async () => {
    await buildAppSchema(); // every resolver's metadata is in
    const marked = getMetadataStorage().fieldExtensions.flatMap((e) => {
      const property = presentFirstProperty(e.extensions, e.fieldName);
      return property ? [{ e, property }] : [];
    });
    expect(marked.length).toBeGreaterThanOrEqual(15);
    for (const { e, property } of marked) {
      const source = String((e.target.prototype as Record<string, unknown>)[e.fieldName]).replace(/\/\/[^\n]*\n/g, '');
      const start = /^\s*(?:async\s+)?\w+\(\s*(\w+)[^)]*\)\s*\{\s*return (\w+)\.(\w+) \?\? /.exec(source);
      expect([e.fieldName, start?.[2] === start?.[1] && start?.[3]]).toEqual([e.fieldName, property]);
    }
  });

  it("answers the parent's value without calling the resolver, and calls it when the value is null or missing", async () => {
    const schema = await buildAppSchema();
    const course = schema.getType('Course') as GraphQLObjectType;
    const subject = course.getFields().subject;
    const loaded = { id: 's-loaded', name: 'Loaded' };
    let loads = 0;
    const ctx = { loaders: { subjectById: { load: async () => (loads++, loaded) } } };
    const present = { id: 's1', name: 'Mathematics' };
    expect(await subject.resolve!({ subject: present, subjectId: 's1' }, {}, ctx, {} as never)).toBe(present);
    expect(loads).toBe(0);
    expect(await subject.resolve!({ subject: null, subjectId: 's1' }, {}, ctx, {} as never)).toBe(loaded);
    expect(await subject.resolve!({ subjectId: 's1' }, {}, ctx, {} as never)).toBe(loaded);
    expect(loads).toBe(2);
  });
});
