import { GraphQLSchema, isObjectType } from 'graphql';
import { Extensions } from 'type-graphql';

/** The field extension PresentFirst sets: the parent's property the resolver answers first. */
const PRESENT_FIRST = 'presentFirst';

/**
 * On a field resolver whose whole first step is answering its parent's own property when it holds a value
 * (`return c.subject ?? ctx.loaders.subjectById.load(c.subjectId)`): `property` (the field's name by default) is
 * then answered by the built schema itself, and the resolver runs, through type-graphql's wrapper, only when the
 * property is null or undefined. The one-statement reads hand every course its subject, class and year, every
 * attendance record its people: type-graphql's wrapper (its parameters array, middleware chain and promise) around
 * those one-line resolvers was 6-7% of a student's course list's Node time (issue 28). present-first.test.ts checks
 * that each marked resolver's body starts with that `??`.
 */
export const PresentFirst = (property?: string) => Extensions({ [PRESENT_FIRST]: property ?? true });

/** The property a field answers first (PresentFirst), or undefined. */
export function presentFirstProperty(
  extensions: Readonly<Record<string, unknown>> | null | undefined,
  fieldName: string,
): string | undefined {
  const marked = extensions?.[PRESENT_FIRST];
  return marked === true ? fieldName : typeof marked === 'string' ? marked : undefined;
}

/** Each PresentFirst field answers its property when it holds a value; before the field rules wrap it (field-rules.ts). */
export function answerPresentFirst(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const property = presentFirstProperty(field.extensions, field.name);
      const resolve = field.resolve;
      if (!property || !resolve) continue;
      field.resolve = (root: Record<string, unknown>, args, ctx, info) => root[property] ?? resolve(root, args, ctx, info);
    }
  }
  return schema;
}
