import { GraphQLNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType } from 'graphql';
import { buildAppSchema } from './schema';
import { getMetadataStorage } from 'type-graphql';

/** Integrators read schema.graphql: every type, field, argument and enum value says what it is. */
it('describes every type, field, argument and enum value', async () => {
  const schema = await buildAppSchema();
  const missing: string[] = [];
  const own = (t: GraphQLNamedType) => !t.name.startsWith('__') && !isSpecifiedScalarType(t);
  for (const type of Object.values(schema.getTypeMap()).filter(own)) {
    if (!type.description) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) {
          if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
    }
  }
  expect(missing).toEqual([]);
});

it('hands every field resolver its parent as it is, not a copy made into an instance of the entity class', async () => {
  await buildAppSchema();
  const roots = getMetadataStorage().params.filter((p) => p.kind === 'root');
  expect(roots.length).toBeGreaterThan(50);
  // with a type, type-graphql copies a plain parent into `new Entity()` on every call (convertToType)
  expect(roots.filter((p) => (p as { getType?: unknown }).getType !== undefined)).toEqual([]);
});

it("reads a plain property field with GraphQL's default resolver (inline in compiled queries); fields with resolvers or rules keep theirs", async () => {
  const schema = await buildAppSchema();
  const fieldsOf = (name: string) => {
    const type = schema.getType(name);
    if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
    return type.getFields();
  };
  const course = fieldsOf('Course');
  for (const plain of ['id', 'title', 'description', 'createdAt'])
    expect({ plain, resolve: course[plain].resolve }).toEqual({ plain, resolve: undefined });
  // a field resolver of its own (CoursesResolver.subject), and a field rule (field-rules.ts: other people's emails)
  expect(course.subject.resolve).toBeInstanceOf(Function);
  expect(fieldsOf('User').email.resolve).toBeInstanceOf(Function);
  const all = Object.values(schema.getTypeMap())
    .filter((t) => isObjectType(t) && !t.name.startsWith('__'))
    .flatMap((t) => Object.values((t as { getFields(): Record<string, { resolve?: unknown }> }).getFields()));
  expect(all.filter((f) => !f.resolve).length).toBeGreaterThan(all.length / 2);
});
