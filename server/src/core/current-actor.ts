import { createParameterDecorator } from 'type-graphql';
import type { RequestContext } from './context';
import { requireActor } from './context';

/**
 * The signed-in actor as a resolver parameter: `@CurrentActor() actor: Actor`. Without one the field fails
 * with the same UNAUTHENTICATED error as `requireActor(ctx)` (SESSION_EXPIRED for a revoked or expired token).
 */
export function CurrentActor() {
  return createParameterDecorator<RequestContext>(({ context }) => requireActor(context));
}
