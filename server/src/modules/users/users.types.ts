import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Role } from '../../core/role';
import { User } from './user.entity';
import { Connection, PageArgs } from '../../core/paging';

export const UserConnection = Connection(User, 'User', 'users, by last name, first name and id');
export type UserConnection = InstanceType<typeof UserConnection>;

@ArgsType()
export class UsersArgs extends PageArgs {
  @Field(() => Role, { nullable: true, description: 'Only users with this role.' })
  role?: Role;

  @Field({ nullable: true, description: 'Case-insensitive match on first name, last name or email.' })
  search?: string;

  @Field(() => ID, { nullable: true, description: 'Only the users placed in this class (its students).' })
  classId?: string;
}

@InputType({ description: 'A new user; they start Pending and receive an invitation email.' })
export class CreateUserInput {
  @Field({ description: 'Given name.' })
  firstName: string;

  @Field({ description: 'Family name.' })
  lastName: string;

  @Field({ description: 'Email address, unique regardless of case.' })
  email: string;

  @Field(() => Role, { description: 'Must be one the acting role may assign.' })
  role: Role;
}

@InputType({ description: 'Changes to a user; a field left out (or null) stays as it is.' })
export class UpdateUserInput {
  @Field(() => ID, {
    description:
      'The user: SuperAdmin and Admin, one whose role they may assign; a Teacher, a student of a class they teach or a parent of one.',
  })
  id: string;

  @Field(() => String, { nullable: true, description: 'Given name.' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'Family name.' })
  lastName?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Email address, unique regardless of case. A change takes effect only when the link mailed to the new address is opened (the old address gets a notice); see emailVerified and User.pendingEmail.',
  })
  email?: string | null;

  @Field(() => Role, {
    nullable: true,
    description:
      'A role the acting role may assign; never your own. A user who stops being a Student loses their placement; a change ends their sessions.',
  })
  role?: Role | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'SuperAdmin and Admin, for a user who has never signed in (invitation pending): the new email takes effect at once and a new invitation goes there. Otherwise a new email waits for the confirmation link mailed to it.',
  })
  emailVerified?: boolean | null;
}

@InputType({ description: 'One user of a CSV import, as the file gives it (checked by the server as createUser checks one).' })
export class ImportUserRowInput {
  @Field(() => String, { nullable: true, description: 'Given name.' })
  firstName?: string | null;

  @Field(() => String, { nullable: true, description: 'Family name.' })
  lastName?: string | null;

  @Field(() => String, { nullable: true, description: 'Email address.' })
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Role, as text (SuperAdmin, Admin, Teacher, Student, Parent); one the acting role may assign.',
  })
  role?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Student rows: the emails of the student's parents, separated by ';' (each a Parent of this file or of the school); SuperAdmin and Admin only.",
  })
  parentEmails?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Parent rows: the emails of the parent's children, separated by ';' (each a Student of this file or of the school); SuperAdmin and Admin only.",
  })
  childEmails?: string | null;
}

@InputType({ description: 'A CSV import of users: at most 1,000 rows.' })
export class ImportUsersInput {
  @Field(() => [ImportUserRowInput], { description: 'The users, in the order of the file.' })
  rows: ImportUserRowInput[];

  @Field(() => Boolean, { defaultValue: false, description: 'Only check the rows (a preview); nothing is written.' })
  dryRun: boolean;

  @Field(() => Boolean, { defaultValue: true, description: 'Write nothing unless every row is valid; false writes the valid rows.' })
  onlyIfAllValid: boolean;
}

@ObjectType({ description: 'What became of one row of an import.' })
export class ImportUserRowResult {
  @Field(() => Int, { description: 'The row of the file (1 = the first user after the header).' })
  row: number;

  @Field({ description: 'The email of the row, normalised (lower case); empty when missing.' })
  email: string;

  @Field(() => String, { nullable: true, description: 'Why the row is invalid (the createUser texts); null when valid.' })
  error: string | null;

  @Field(() => User, {
    nullable: true,
    description: 'The user created from the row; null in a preview, for invalid rows, or when nothing was written.',
  })
  user: User | null;
}

@ObjectType({ description: 'The answer of an import or its preview.' })
export class ImportUsersResult {
  @Field(() => [ImportUserRowResult], { description: 'Every row, in the order of the file.' })
  rows: ImportUserRowResult[];

  @Field(() => Int, { description: 'How many rows are valid.' })
  validCount: number;

  @Field(() => Int, { description: 'How many rows are invalid.' })
  invalidCount: number;

  @Field(() => Int, { description: 'How many users were created (0 in a preview, or when nothing was written).' })
  createdCount: number;

  @Field(() => Int, {
    description: 'How many parent-student links of the file are in place after it (0 in a preview, or when nothing was written).',
  })
  linkCount: number;
}
