import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { AuditEventConnection, AuditEventsArgs } from './audit.types';
import { toConnection } from './audit.shape';

@Resolver()
export class AuditResolver {
  @Query(() => AuditEventConnection, {
    description:
      'The audit log, newest first: SuperAdmin and Admin read every row; a teacher the grade changes of the courses they teach ' +
      '(REST: GET /api/audit-events?person=&kind=&from=&to=&courseId=&submissionId=&first=&after=).',
  })
  async auditEvents(@Args(() => AuditEventsArgs) args: AuditEventsArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.audit.page(actor, args.filter ?? {}, args), args.after);
  }
}
