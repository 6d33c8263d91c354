import 'reflect-metadata';
import { GraphQLSchema, getNamedType, isEnumType, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { DateTimeISO } from './date-time';
import { enumValueName } from '../core/enum-values';
import { guardFields } from '../core/field-rules';
import { answerPresentFirst } from '../core/present-first';
import type { AnyManifest } from '../core/manifest';
import { manifests } from './manifests';

function nonEmpty<T>(list: T[]): [T, ...T[]] {
  if (!list.length) throw new Error('no resolvers');
  return list as [T, ...T[]];
}

const built = new WeakMap<readonly AnyManifest[], Promise<GraphQLSchema>>();

/** The schema of every resolver of a list of domains (the app's), from their manifests. */
export function buildAppSchema(list: readonly AnyManifest[] = manifests): Promise<GraphQLSchema> {
  // type-graphql metadata is global, so a list's schema is built once per process
  handParentsAsTheyAre();
  readPlainFieldsDirectly();
  let schema = built.get(list);
  if (!schema) {
    const resolvers = nonEmpty(list.flatMap((m) => m.resolvers ?? []));
    schema = buildSchema({ resolvers, validate: false, scalarsMap: [{ type: Date, scalar: DateTimeISO }] })
      .then(answerPresentFirst)
      .then(guardFields)
      .then(describeRootArguments)
      .then(capitalizeEnumValues);
    built.set(list, schema);
  }
  return schema;
}

/**
 * type-graphql's `@Root()` copies a parent that is not an instance of the parameter's class into a new instance on
 * every call (`new Course()`, then every property assigned). The one-statement reads hand GraphQL plain objects,
 * so each field resolver of a course list made a copy of its course: three or four copies of every course of a
 * page. No resolver needs the instance (they read properties; the entities' getters are fields of their own,
 * which default resolvers read), so every field resolver gets its parent as it is.
 */
function handParentsAsTheyAre(): void {
  for (const param of getMetadataStorage().params) if (param.kind === 'root') Object.assign(param, { getType: undefined });
}

/**
 * type-graphql gives every field without a resolver of its own a resolver that runs its middlewares, then reads
 * the property (`root[name]`); graphql-jit reads a field with no resolver inline, but calls a resolver through its
 * error and promise handling, and the one-statement reads answer thousands of such fields a request (a grading
 * dashboard about 30,000). The app uses no type-graphql middleware, no `@Authorized` and no global middlewares
 * (field rules are put in after the build: field-rules.ts), so a property field whose schema name is its property
 * name is marked `simple`: it has no resolver, and GraphQL's default one reads the same property.
 */
function readPlainFieldsDirectly(): void {
  const storage = getMetadataStorage();
  if (storage.middlewares.length || storage.authorizedFields.length || storage.authorizedResolver.length) {
    throw new Error('a type-graphql middleware or @Authorized is declared: plain fields would skip it (schema.ts readPlainFieldsDirectly)');
  }
  for (const field of storage.fields) if (field.schemaName === field.name && field.simple === undefined) field.simple = true;
}

const VERBS = ['create', 'update', 'delete', 'clone', 'upload', 'mark', 'place'];

/**
 * Integrators read schema.graphql, so every argument is described. Most root fields take one `input` (whose
 * type is described) or one `id`; their descriptions follow from the field's name, so they are written once
 * here instead of on some sixty resolver parameters. An argument with its own description keeps it.
 */
function describeRootArguments(schema: GraphQLSchema): GraphQLSchema {
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  if (query) query.description = 'Everything that can be read. Each field says who may read it; others get FORBIDDEN or NOT_FOUND.';
  if (mutation)
    mutation.description =
      'Everything that can be changed. Errors carry extensions.code (VALIDATION, FORBIDDEN, NOT_FOUND, CONFLICT, ...).';
  for (const root of [query, mutation]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const verb = VERBS.find((v) => field.name.startsWith(v));
      const thing = (verb ? field.name.slice(verb.length) : getNamedType(field.type).name)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase();
      for (const arg of field.args) {
        if (arg.description) continue;
        if (arg.name === 'id') arg.description = verb ? `Id of the ${thing} to ${verb}.` : `Id of the ${thing}.`;
        else if (arg.name === 'input') arg.description = `What to ${verb ?? 'use'}: see ${getNamedType(arg.type).name}.`;
      }
    }
  }
  return schema;
}

/**
 * One spelling for enum values in the public schema (issue 26): ALL_CAPS, as integrators and schema linters
 * expect. The server's own values stay the spec's words (`SuperAdmin`, `whole_class`, `Present`): they are what
 * the database holds and what the spec's REST paths send and receive, so only the GraphQL names change. The
 * values are renamed in place right after the build, before anything has looked one up by name (graphql-js fills
 * its name and value lookups lazily, on first use).
 */
function capitalizeEnumValues(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isEnumType(type) || type.name.startsWith('__')) continue;
    for (const value of type.getValues()) value.name = enumValueName(value.name);
    if (type.getValues().some((v) => type.getValue(v.name) !== v))
      throw new Error(`enum ${type.name} was looked up before its values were renamed`);
  }
  return schema;
}

/** The text committed as schema.graphql: sorted so it changes only when the API does. */
export async function schemaText(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildAppSchema())) + '\n';
}
