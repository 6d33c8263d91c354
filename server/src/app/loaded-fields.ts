import { GraphQLSchema, defaultFieldResolver, isObjectType } from 'graphql';
import { Extensions } from 'type-graphql';

const LOADED = 'loadedAs';

/**
 * A relation field whose parent often arrives with the relation on it (built in a page's one statement, or
 * joined): its resolver answers `parent[property] ?? <a load>`, and this names that property. The built schema
 * then answers the field from the property when it is there, before type-graphql's resolver wrapper (which on
 * every call sorts the method's parameters and, for a parent that is a plain object, copies the parent into a
 * new entity instance: a course list's sixty courses times three relations, each request); the resolver runs
 * only when it is not. Name only the property the resolver itself answers first, or the two would differ.
 */
export const LoadedAs = (property: string) => Extensions({ [LOADED]: property });

/** Puts the LoadedAs fast paths into the built schema (before the field rules, which still wrap them). */
export function answerLoadedFields(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const property = field.extensions?.[LOADED];
      if (typeof property !== 'string') continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (root: Record<string, unknown>, args, context, info) => root[property] ?? resolve(root, args, context, info);
    }
  }
  return schema;
}
