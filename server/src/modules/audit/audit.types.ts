import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AuditKind } from './audit.kinds';
import { PageInfo } from '../../core/paging';

@ObjectType({
  description:
    'One row of the audit log: a change to an account, a role switch or what was done under one, or a grade change. Never changed once written.',
})
export class AuditEvent {
  @Field(() => ID, { description: 'The row; later rows have greater ids.' })
  id: string;

  @Field({ description: 'When the change was committed.' })
  at: Date;

  @Field(() => AuditKind, { description: 'What happened.' })
  kind: AuditKind;

  @Field({ description: 'What happened, as the audit page says it.' })
  label: string;

  @Field(() => ID, {
    nullable: true,
    description: 'Who made the change; null for the system (a scheduled job) and for someone not signed in.',
  })
  actorId: string | null;

  @Field(() => String, { nullable: true, description: 'Their name at the time.' })
  actorName: string | null;

  @Field(() => String, { nullable: true, description: 'Their own (stored) role at the time.' })
  actorRole: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The role they were acting as (differs from actorRole while viewing as another role).',
  })
  actingRole: string | null;

  @Field({ description: 'The change was made while viewing the app as another role.' })
  impersonating: boolean;

  @Field(() => ID, { nullable: true, description: 'The person acted on (the account changed, the student graded).' })
  targetUserId: string | null;

  @Field(() => String, { nullable: true, description: 'Their name at the time.' })
  targetName: string | null;

  @Field(() => ID, { nullable: true, description: 'The course, for grade changes and deleted submissions.' })
  courseId: string | null;

  @Field(() => String, { nullable: true, description: "The course's title now; null once it is deleted." })
  courseTitle: string | null;

  @Field(() => ID, { nullable: true, description: 'The assessment, for grade changes and deleted submissions.' })
  assessmentId: string | null;

  @Field(() => String, { nullable: true, description: "The assessment's title now; null once it is deleted." })
  assessmentTitle: string | null;

  @Field(() => ID, { nullable: true, description: 'The submission whose grade changed.' })
  submissionId: string | null;

  @Field(() => String, { nullable: true, description: 'The value before (an email, a role, a score; null when there was none).' })
  from: string | null;

  @Field(() => String, { nullable: true, description: 'The value after.' })
  to: string | null;

  @Field(() => String, { nullable: true, description: 'More about the change (which question, which operation, how many).' })
  note: string | null;
}

@ObjectType({ description: 'An audit row in a page, with the cursor that continues after it.' })
export class AuditEventEdge {
  @Field(() => AuditEvent, { description: 'The row.' })
  node: AuditEvent;

  @Field({ description: 'Pass as `after` to continue after this row.' })
  cursor: string;
}

@ObjectType({ description: 'A page of the audit log, newest first.' })
export class AuditEventConnection {
  @Field(() => [AuditEventEdge], { description: 'The rows of this page.' })
  edges: AuditEventEdge[];

  @Field(() => [AuditEvent], { description: "The rows of this page (the edges' nodes)." })
  nodes: AuditEvent[];

  @Field(() => PageInfo, { description: 'Whether more follow, and the cursors to continue from.' })
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'How many rows match the filter in all.' })
  totalCount: number;
}

@InputType({ description: 'Which audit rows to list; every field narrows the list.' })
export class AuditFilterInput {
  @Field(() => String, { nullable: true, description: 'Part of the name of whoever acted or was acted on (case-insensitive).' })
  person?: string | null;

  @Field(() => AuditKind, { nullable: true, description: 'Only rows of this kind.' })
  kind?: AuditKind | null;

  @Field(() => Date, { nullable: true, description: 'Only rows from this time on (inclusive).' })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Only rows before this time (exclusive).' })
  to?: Date | null;

  @Field(() => ID, { nullable: true, description: 'Only rows of this course.' })
  courseId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only rows of this submission (its grade history).' })
  submissionId?: string | null;
}

@ArgsType()
export class AuditEventsArgs {
  @Field(() => AuditFilterInput, { nullable: true, description: 'Which rows.' })
  filter?: AuditFilterInput | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Page size, 1 to 100 (50 when not given); more is a VALIDATION error, never a silent clamp.',
  })
  first?: number | null;

  @Field(() => String, { nullable: true, description: "Continue after this cursor (an edge's cursor or pageInfo.endCursor)." })
  after?: string | null;
}
