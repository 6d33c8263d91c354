import { AuthCheckerFn, Authorized } from 'type-graphql';
import { Action, can } from '../policies';
import { type FieldGroup, type FieldType, visibleFields } from '../policies/fields';
import type { RequestContext } from './context';

/**
 * A field whose visibility depends on the viewer names its rule: the rule sees the actor and the parent
 * object, exactly as a service's `authorize()` would. A denied field answers null (so the field must be
 * nullable), never an error: the rest of the object is still the viewer's to see.
 */
export const FieldRule = (rule: Action) => Authorized<string>(rule);

const GROUP = 'fields:';

/**
 * A field of a group of policies/fields.ts (a submission's results, an assessment's key, a user's contact): the
 * decision the REST presenters read too, made once per viewer and object. Denied: null, as with FieldRule.
 */
export const Visible = <T extends FieldType>(type: T, group: FieldGroup<T>) => Authorized<string>(`${GROUP}${type}.${group}`);

export const fieldRuleChecker: AuthCheckerFn<RequestContext, string> = ({ root, context }, rules) => {
  const actor = context.actor;
  return !!actor && rules.every((rule) => {
    if (!rule.startsWith(GROUP)) return can(actor, rule as Action, root as never);
    const [type, group] = rule.slice(GROUP.length).split('.') as [FieldType, string];
    return (visibleFields(type, actor, root as never) as Record<string, boolean>)[group] === true;
  });
};
