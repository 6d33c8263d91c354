import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor, can } from '../../policies';
import { Assessment } from '../assessments';
import { QuestionBank } from '../question-banks';
import { ImportQtiInput, QtiImportResult } from './qti.graphql-types';
import { bytesOf } from './qti.service';
import { assessmentQtiUrl, bankQtiUrl, importResult } from './qti.shape';

@Resolver()
export class QtiResolver {
  @Mutation(() => QtiImportResult, {
    description:
      "Import QTI questions (multipart request; send 'Apollo-Require-Preflight: true'): into a bank you may edit, a new bank, or an assessment you teach, appended in one transaction; dryRun previews and changes nothing (teachers, SuperAdmin, Admin; REST: POST /api/qti/import).",
  })
  async importQti(@Arg('input', () => ImportQtiInput) input: ImportQtiInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const upload = await input.file;
    const bytes = await bytesOf(upload.createReadStream());
    const target = { bankId: input.bankId, newBank: input.newBank, assessmentId: input.assessmentId };
    return importResult(await ctx.services.qti.import(actor, bytes, upload.filename, target, input.dryRun === true));
  }
}

@Resolver(() => QuestionBank)
export class QuestionBankQtiResolver {
  @FieldResolver(() => String, {
    description: 'Where to download the bank as a QTI 3.0 package (a zip; GET, signed in as for any REST path).',
  })
  qtiUrl(@Root() bank: QuestionBank) {
    return bankQtiUrl(bank.id);
  }
}

@Resolver(() => Assessment)
export class AssessmentQtiResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Where to download the item's questions as a QTI 3.0 package (a zip); null for students and parents (the download itself is for the item's teachers, SuperAdmin and Admin).",
  })
  qtiUrl(@Root() assessment: Assessment, @CurrentActor() actor: Actor) {
    return can(actor, 'questionBank.use') ? assessmentQtiUrl(assessment.id) : null;
  }
}
