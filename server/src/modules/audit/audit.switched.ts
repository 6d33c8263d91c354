import type { ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import type { RequestContext } from '../../core/context';
import { logger } from '../../core/logger';

/** Operations recorded on their own (the switch itself) or that change nothing of anyone's (signing out). */
const RECORDED_ELSEWHERE = new Set(['switchRole', 'logout', '/auth/switch-role', '/auth/logout']);

async function record(ctx: RequestContext, what: string): Promise<void> {
  try {
    await ctx.services.audit.recordSwitchedChange(ctx.actor!, what);
  } catch (err) {
    logger.error({ err, requestId: ctx.requestId }, 'could not record a change made while viewing as another role');
  }
}

/**
 * What is done while viewing the app as another role (issue 23): every GraphQL mutation that succeeded under a
 * switched role is put in the audit log with its fields' names. Written once the answer is ready, after the
 * change committed (the changes that have rows of their own, grades and accounts, also say on those rows
 * that they were made under a switched role).
 */
export const switchedChangesPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, operation, response }) {
        if (!contextValue.actor?.impersonating || operation?.operation !== 'mutation') return;
        if (response.body.kind === 'single' && response.body.singleResult.errors?.length) return;
        const fields = operation.selectionSet.selections
          .flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []))
          .filter((n) => !RECORDED_ELSEWHERE.has(n));
        if (fields.length) await record(contextValue, `GraphQL mutation ${fields.join(', ')}`);
      },
    };
  },
};

/** The same for the REST paths: every call other than GET that succeeded under a switched role. */
export function switchedChangesRest(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
    res.on('finish', () => {
      const ctx = res.locals.ctx as RequestContext | undefined;
      if (!ctx?.actor?.impersonating || res.statusCode >= 400 || RECORDED_ELSEWHERE.has(req.path)) return;
      void record(ctx, `REST ${req.method} /api${req.path}`);
    });
  }
  next();
}
