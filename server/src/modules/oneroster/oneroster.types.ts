import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'One file of an imported zip and how the manifest sends it (bulk, delta), or "not taken" for files this product does not read.',
})
export class OneRosterImportFile {
  @Field({ description: 'File name in the zip (users.csv).' })
  name: string;

  @Field({ description: "The manifest's mode: bulk, delta, or 'not taken'." })
  mode: string;
}

@ObjectType({
  description: 'What an import does to one kind of object (user, class, academicSession, enrollment, parent link, subject, org, course).',
})
export class OneRosterImportCount {
  @Field({ description: 'The kind of object, in OneRoster words where there is one.' })
  object: string;

  @Field(() => Int, { description: 'Rows that create an object here.' })
  created: number;

  @Field(() => Int, { description: 'Rows that change an object here.' })
  changed: number;

  @Field(() => Int, { description: "Rows that end something (status tobedeleted: a teacher's class, a student's placement)." })
  deactivated: number;

  @Field(() => Int, { description: 'Rows that match what the school holds already.' })
  unchanged: number;
}

@ObjectType({ description: 'A row that cannot be taken, with where it is and why.' })
export class OneRosterImportProblem {
  @Field({ description: 'The file (manifest.csv for the manifest itself).' })
  file: string;

  @Field(() => Int, { description: 'The line in the file (the header is line 1; 0 for the file as a whole).' })
  line: number;

  @Field({ description: 'Why the row cannot be taken.' })
  reason: string;
}

@ObjectType({ description: 'A OneRoster CSV import, previewed or applied, with its report (REST: GET /api/oneroster/imports).' })
export class OneRosterImport {
  @Field(() => ID, { description: 'The import.' })
  id: string;

  @Field({ description: 'When it ran.' })
  createdAt: Date;

  @Field(() => String, { nullable: true, description: 'Who ran it (first and last name); null once that account is deleted.' })
  createdBy: string | null;

  @Field({ description: 'It was applied (every row could be taken); false for a preview or a refused zip, which changed nothing.' })
  applied: boolean;

  @Field({ description: "The manifest's source.systemName (the system the zip came from); empty when it names none." })
  source: string;

  @Field(() => [OneRosterImportFile], { description: 'The files of the zip.' })
  files: OneRosterImportFile[];

  @Field(() => [OneRosterImportCount], { description: 'What it creates, changes, deactivates and leaves, by kind of object.' })
  counts: OneRosterImportCount[];

  @Field(() => [OneRosterImportProblem], { description: 'Every row that cannot be taken (the first 1,000).' })
  problems: OneRosterImportProblem[];

  @Field(() => Int, { description: 'Problems beyond those listed.' })
  moreProblems: number;
}

@ObjectType({
  description:
    "Where another system reaches this school through OneRoster 1.2: the addresses to give it with an application's client credentials.",
})
export class OneRosterAddresses {
  @Field({ description: 'The rostering service base address (…/ims/oneroster/rostering/v1p2).' })
  rostering: string;

  @Field({ description: 'The gradebook service base address (…/ims/oneroster/gradebook/v1p2).' })
  gradebook: string;

  @Field({ description: 'The OAuth 2.0 token endpoint (client credentials).' })
  token: string;
}

@InputType({ description: 'How to take a OneRoster CSV zip.' })
export class ImportOneRosterInput {
  @Field({ description: 'Apply it (true: when every row can be taken, in one transaction) or only preview it (false).' })
  apply: boolean;
}
