import { GraphQLSchema, defaultFieldResolver, isObjectType } from 'graphql';
import { Extensions } from 'type-graphql';
import { Action, Actor, can } from '../policies';
import { type FieldGroup, type FieldType, visibleFields } from '../policies/fields';
import type { RequestContext } from './context';

const RULE = 'fieldRule:';
const GROUP = 'fields:';

/**
 * A field whose visibility depends on the viewer names its rule: the rule sees the actor and the parent
 * object, exactly as a service's `authorize()` would. A denied field answers null (so the field must be
 * nullable), never an error: the rest of the object is still the viewer's to see.
 */
export const FieldRule = (rule: Action) => Extensions({ [`${RULE}${rule}`]: true });

/**
 * A field of a group of policies/fields.ts (a submission's results, an assessment's key, a user's contact): the
 * decision the REST presenters read too, made once per viewer and object. Denied: null, as with FieldRule.
 */
export const Visible = <T extends FieldType>(type: T, group: FieldGroup<T>) => Extensions({ [`${RULE}${GROUP}${type}.${group}`]: true });

/** One rule a guarded field names, as a decision on the viewer and the field's parent object. */
type Check = (actor: Actor, root: unknown) => boolean;

/** A rule's check, read from its name once when the schema is built (not on each of a page's thousands of fields). */
function checkOf(rule: string): Check {
  if (!rule.startsWith(GROUP)) return (actor, root) => can(actor, rule as Action, root as never);
  const [type, group] = rule.slice(GROUP.length).split('.') as [FieldType, string];
  return (actor, root) => (visibleFields(type, actor, root as never) as Record<string, boolean>)[group] === true;
}

/** Whether the viewer receives a guarded field: every rule the field names allows it. */
function allowedBy(rules: string[]): (context: RequestContext, root: unknown) => boolean {
  const checks = rules.map(checkOf);
  return (context, root) => {
    const actor = context.actor;
    return !!actor && checks.every((check) => check(actor, root));
  };
}

/**
 * Puts the field rules into the built schema: each guarded field's resolver is wrapped by a synchronous check
 * that answers null when denied. (type-graphql's `@Authorized` did the same through its middleware chain, which
 * made every guarded field a chain of promises: on a 40 x 25 grading dashboard, thousands of them a request.)
 */
export function guardFields(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const rules = Object.keys(field.extensions ?? {})
        .filter((k) => k.startsWith(RULE))
        .map((k) => k.slice(RULE.length));
      if (!rules.length) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const allowed = allowedBy(rules);
      field.resolve = (root, args, context: RequestContext, info) => (allowed(context, root) ? resolve(root, args, context, info) : null);
    }
  }
  return schema;
}
