import { AuthCheckerFn, Authorized } from 'type-graphql';
import { Action, can } from '../policies';
import type { RequestContext } from './context';

/**
 * A field whose visibility depends on the viewer names its rule: the rule sees the actor and the parent
 * object, exactly as a service's `authorize()` would. A denied field answers null (so the field must be
 * nullable), never an error: the rest of the object is still the viewer's to see.
 */
export const FieldRule = (rule: Action) => Authorized<Action>(rule);

export const fieldRuleChecker: AuthCheckerFn<RequestContext, Action> = ({ root, context }, rules) => {
  const actor = context.actor;
  return !!actor && rules.every((rule) => can(actor, rule, root as never));
};
