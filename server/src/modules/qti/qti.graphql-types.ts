import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { QuestionType } from '../assessments';

@InputType({ description: 'A bank made by the import: its name and subject (a subject you teach); it starts private.' })
export class QtiNewBankInput {
  @Field({ description: "The new bank's name." })
  name: string;

  @Field(() => ID, { description: 'Its subject.' })
  subjectId: string;
}

@InputType({
  description:
    'A QTI package (zip: imsmanifest.xml and items, QTI 2.1, 2.2 or 3.0) or one item (XML) to import into exactly one of bankId, newBank or assessmentId.',
})
export class ImportQtiInput {
  @Field(() => GraphQLUpload, { description: 'The package or item, at most 50MB (multipart request).' })
  file: Promise<FileUpload>;

  @Field(() => ID, { nullable: true, description: 'A bank you may edit: the questions are appended to it.' })
  bankId?: string | null;

  @Field(() => QtiNewBankInput, { nullable: true, description: 'A new bank to make for the questions.' })
  newBank?: QtiNewBankInput | null;

  @Field(() => ID, { nullable: true, description: 'An assessment you teach: the questions are appended to its questions.' })
  assessmentId?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'True to preview: nothing changes, the result lists what would be imported and skipped.',
  })
  dryRun?: boolean | null;
}

@ObjectType({ description: 'A question read from a QTI item.' })
export class QtiImportedQuestion {
  @Field({ description: "The item's identifier." })
  identifier: string;

  @Field(() => QuestionType, { description: 'The question type it becomes.' })
  type: QuestionType;

  @Field({ description: 'The question text.' })
  questionText: string;

  @Field(() => Int, { description: 'Its points.' })
  points: number;

  @Field(() => [String], {
    description: 'Where the question differs from the item: scoring this application cannot express exactly, images not in the package.',
  })
  notes: string[];
}

@ObjectType({ description: 'A QTI item not imported, and why.' })
export class QtiSkippedItem {
  @Field({ description: "The item's identifier." })
  identifier: string;

  @Field({ description: 'Its interaction (orderInteraction, hotspotInteraction, ...), or none.' })
  interaction: string;

  @Field({ description: 'Why it was skipped.' })
  reason: string;
}

@ObjectType({ description: 'What a QTI import did, or would do on a dry run.' })
export class QtiImportResult {
  @Field({ description: 'True when nothing was changed (a preview).' })
  dryRun: boolean;

  @Field(() => Int, { description: 'Questions imported (or that would be).' })
  imported: number;

  @Field(() => [QtiImportedQuestion], { description: 'The questions, in package order.' })
  questions: QtiImportedQuestion[];

  @Field(() => [QtiSkippedItem], { description: 'Items not imported, with their reasons.' })
  skipped: QtiSkippedItem[];

  @Field(() => ID, { nullable: true, description: 'The bank written into, when not a dry run and the target is a bank.' })
  bankId: string | null;

  @Field(() => ID, { nullable: true, description: 'The assessment written into, when not a dry run and the target is an assessment.' })
  assessmentId: string | null;
}
