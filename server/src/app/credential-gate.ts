import type { NextFunction, Request, Response } from 'express';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { Actor, can } from '../policies';
import type { RequestContext } from '../core/context';
import { forbidden } from '../errors/domain-error';
import { toHttp } from '../errors/mapping';

export const CREDENTIAL_TEXT = {
  readOnlyToken: 'This access token is read-only (scope READ): make changes with a READ_WRITE token or in the web app',
  applicationReadsOnly: 'An application may only read here: queries on /graphql and GET on /api',
} as const;

/** Why this actor may not write, or null when it may ('credential.write' in policies/rules.ts). */
export function writeRefusal(actor: Actor | null): string | null {
  if (!actor || can(actor, 'credential.write')) return null;
  return actor.credential?.kind === 'application' ? CREDENTIAL_TEXT.applicationReadsOnly : CREDENTIAL_TEXT.readOnlyToken;
}

/**
 * A read-only credential is refused every mutation before anything runs: the whole operation answers FORBIDDEN
 * (HTTP 403), whatever its fields, so no resolver of a write has to remember the rule.
 */
export const graphqlWriteGate: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        if (operation?.operation !== 'mutation') return;
        const refusal = writeRefusal(contextValue.actor);
        if (refusal) throw new GraphQLError(refusal, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
      },
    };
  },
};

/** The same for REST: every method but GET and HEAD is a write. */
export function restWriteGate(req: Request, res: Response, next: NextFunction): void {
  const refusal = req.method === 'GET' || req.method === 'HEAD' ? null : writeRefusal((res.locals.ctx as RequestContext).actor);
  if (refusal) {
    // through the one HTTP mapping, so the answer has the shape of every other refusal
    const { status, body } = toHttp(forbidden(refusal), (res.locals.ctx as RequestContext).requestId);
    res.status(status).json(body);
    return;
  }
  next();
}
