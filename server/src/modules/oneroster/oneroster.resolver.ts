import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import type { Actor } from '../../policies';
import { validation } from '../../errors/domain-error';
import { Gradebook, ExternalGradebookColumn } from '../gradebook';
import { ImportOneRosterInput, OneRosterAddresses, OneRosterImport } from './oneroster.types';
import type { ImportRecord } from './oneroster.import-plan';

const toImport = (i: ImportRecord & { createdByName?: string | null }) =>
  Object.assign(new OneRosterImport(), {
    id: i.id,
    createdAt: i.createdAt,
    createdBy: i.createdByName ?? null,
    applied: i.applied,
    source: i.report.source ?? '',
    files: i.report.files,
    counts: i.report.counts,
    problems: i.report.problems,
    moreProblems: i.report.moreProblems,
  });

@Resolver(() => Gradebook)
export class OneRosterGradebookResolver {
  @FieldResolver(() => [ExternalGradebookColumn], {
    description:
      "Columns that applications keep for this course's class through OneRoster (external line items) with their results, by due date; they count in no average.",
  })
  externalColumns(@Root() g: Gradebook, @Ctx() ctx: RequestContext) {
    // the gradebook itself was authorized before its fields resolve
    return ctx.services.oneroster.gradebook.columnsOfCourse(g.courseId);
  }
}

@Resolver()
export class OneRosterResolver {
  @Query(() => OneRosterAddresses, {
    description: 'The OneRoster 1.2 base addresses and token endpoint to give another system (SuperAdmin and Admin).',
  })
  oneRosterAddresses(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.oneroster.imports.addresses(actor);
  }

  @Query(() => [OneRosterImport], {
    description:
      'The last twenty OneRoster CSV imports, newest first, with their reports (SuperAdmin and Admin; REST: GET /api/oneroster/imports).',
  })
  async oneRosterImports(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return (await ctx.services.oneroster.imports.recent(actor)).map(toImport);
  }

  @Mutation(() => OneRosterImport, {
    description:
      "Import a OneRoster 1.2 CSV zip (multipart request; send 'Apollo-Require-Preflight: true'): input.apply false previews it, true applies it when every row can be taken, in one transaction; either way nothing changes when a row is refused (SuperAdmin and Admin; REST: POST /api/oneroster/imports, also for zips above the 50MB of GraphQL uploads).",
  })
  async importOneRoster(
    @Arg('file', () => GraphQLUpload, { nullable: true, description: 'The zip.' }) file: Promise<FileUpload> | null,
    @Arg('input', () => ImportOneRosterInput) input: ImportOneRosterInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    const upload = file ? await file : null;
    if (!upload) throw validation('Please select a zip file to import');
    return toImport(await ctx.services.oneroster.imports.run(actor, upload.createReadStream(), input.apply === true));
  }
}
