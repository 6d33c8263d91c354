import { GraphQLResolveInfo } from 'graphql';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { asksOnly } from '../../core/selection';
import { TREE_LEAN } from './academic.tree';
import { PeriodType } from './academic-period.entity';
import { Connection, PageArgs, PageLimits } from '../../core/paging';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';

/** Classes, subjects and allocations grow with the school (a year at a time): 100 a page unless asked, at most 500. */
export const ACADEMIC_PAGE: PageLimits = { max: 500, size: 100 };

export const SchoolClassConnection = Connection(SchoolClass, 'SchoolClass', 'classes, newest year first then by name');
export const SubjectConnection = Connection(Subject, 'Subject', 'subjects, by name');
export const AllocationConnection = Connection(Allocation, 'Allocation', 'allocations, newest year first then by class and subject name');

@InputType({ description: 'A new academic year.' })
export class CreateAcademicYearInput {
  @Field({ description: 'The year as text, such as 2026; required and unique.' })
  year: string;

  @Field({ nullable: true, description: 'Whether the year is active; true when not given.' })
  isActive?: boolean;

  @Field(() => String, { nullable: true, description: 'First day (YYYY-MM-DD); with endDate, or neither.' })
  startDate?: string | null;

  @Field(() => String, { nullable: true, description: 'Last day (YYYY-MM-DD), after startDate; with startDate, or neither.' })
  endDate?: string | null;
}

@InputType({ description: 'Changes to an academic year; fields not given stay as they are.' })
export class UpdateAcademicYearInput {
  @Field(() => ID, { description: 'The year to change.' })
  id: string;

  @Field({ nullable: true, description: 'New year text; must not be blank.' })
  year?: string;

  @Field({ nullable: true, description: 'New active state.' })
  isActive?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the year since, the update is refused (CONFLICT).',
  })
  version?: number;

  @Field(() => String, {
    nullable: true,
    description:
      'New first day (YYYY-MM-DD), given with endDate; both null remove the dates (refused while the year has terms or grading periods). Its terms and grading periods must stay inside.',
  })
  startDate?: string | null;

  @Field(() => String, { nullable: true, description: 'New last day (YYYY-MM-DD), after startDate, given with it.' })
  endDate?: string | null;
}

@InputType({ description: 'A new term or grading period inside an academic year.' })
export class CreateAcademicPeriodInput {
  @Field(() => ID, { description: 'The academic year; its start and end dates must be set.' })
  academicYearId: string;

  @Field(() => PeriodType, { description: 'A term or a grading period (REST: the text term or gradingPeriod).' })
  type: string;

  @Field({ description: 'Title, such as Autumn term; required.' })
  title: string;

  @Field({ description: 'First day (YYYY-MM-DD), inside the year.' })
  startDate: string;

  @Field({ description: 'Last day (YYYY-MM-DD), after the first, inside the year.' })
  endDate: string;

  @Field(() => ID, { nullable: true, description: 'For a grading period: a term of the same year it lies in (inside its dates).' })
  parentId?: string | null;
}

@InputType({ description: 'Changes to a term or grading period; fields not given stay as they are.' })
export class UpdateAcademicPeriodInput {
  @Field(() => ID, { description: 'The term or grading period to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New first day (YYYY-MM-DD).' })
  startDate?: string;

  @Field({ nullable: true, description: 'New last day (YYYY-MM-DD).' })
  endDate?: string;

  @Field(() => ID, { nullable: true, description: 'For a grading period: the term it lies in; null takes it out of its term.' })
  parentId?: string | null;
}

@InputType({ description: 'A new class in an academic year.' })
export class CreateClassInput {
  @Field({ description: 'Name such as Class 5A; required and unique within the year.' })
  name: string;

  @Field({ description: 'Grade as text, such as 5; required.' })
  grade: string;

  @Field(() => ID, { description: 'The academic year the class belongs to; required.' })
  academicYearId: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field({ nullable: true, description: 'Whether the class is active; true when not given.' })
  isActive?: boolean;
}

@InputType({ description: 'Changes to a class; fields not given stay as they are.' })
export class UpdateClassInput {
  @Field(() => ID, { description: 'The class to change.' })
  id: string;

  @Field({ nullable: true, description: 'New name; must not be blank.' })
  name?: string;

  @Field({ nullable: true, description: 'New grade; must not be blank.' })
  grade?: string;

  @Field(() => ID, {
    nullable: true,
    description: 'Move to another year (refused while students or allocations tie the class to its year).',
  })
  academicYearId?: string;

  @Field({ nullable: true, description: 'New description; null or blank clears it.' })
  description?: string;

  @Field({ nullable: true, description: 'New active state.' })
  isActive?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the class since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'A new subject.' })
export class CreateSubjectInput {
  @Field({ description: 'Name such as Mathematics; required and unique regardless of case.' })
  name: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field({ nullable: true, description: 'Whether the subject is active; true when not given.' })
  isActive?: boolean;
}

@InputType({ description: 'Changes to a subject; fields not given stay as they are.' })
export class UpdateSubjectInput {
  @Field(() => ID, { description: 'The subject to change.' })
  id: string;

  @Field({ nullable: true, description: 'New name; must not be blank.' })
  name?: string;

  @Field({ nullable: true, description: 'New description; null or blank clears it.' })
  description?: string;

  @Field({ nullable: true, description: 'New active state.' })
  isActive?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the subject since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'Which teachers teach a subject in a class of a year.' })
export class CreateAllocationInput {
  @Field(() => ID, { description: 'The academic year; required.' })
  academicYearId: string;

  @Field(() => ID, { description: 'The class; required, and it must belong to the academic year.' })
  classId: string;

  @Field(() => ID, { description: 'The subject; required.' })
  subjectId: string;

  @Field(() => [ID], { description: 'At least one user whose role is Teacher.' })
  teacherIds: string[];
}

@InputType({ description: 'Changes to an allocation; fields not given stay as they are.' })
export class UpdateAllocationInput {
  @Field(() => ID, { description: 'The allocation to change.' })
  id: string;

  @Field(() => ID, { nullable: true, description: 'New academic year (the class must belong to it).' })
  academicYearId?: string;

  @Field(() => ID, { nullable: true, description: 'New class (it must belong to the academic year).' })
  classId?: string;

  @Field(() => ID, { nullable: true, description: 'New subject.' })
  subjectId?: string;

  @Field(() => [ID], { nullable: true, description: 'The full new list of teachers (at least one); replaces the old list.' })
  teacherIds?: string[];

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the allocation since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'Put a student into a class of an academic year.' })
export class PlaceStudentInput {
  @Field(() => ID, { description: 'The student (a user whose role is Student).' })
  userId: string;

  @Field(() => ID, { description: 'The class; it must belong to the academic year.' })
  classId: string;

  @Field(() => ID, { description: 'The academic year.' })
  academicYearId: string;
}

@InputType({ description: 'Put several students into one class of an academic year (at most 200), all or none.' })
export class PlaceStudentsInput {
  @Field(() => [ID], { description: 'The students (users whose role is Student).' })
  userIds: string[];

  @Field(() => ID, { description: 'The class; it must belong to the academic year.' })
  classId: string;

  @Field(() => ID, { description: 'The academic year.' })
  academicYearId: string;
}

@ArgsType()
export class ClassesArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the classes of this academic year.' })
  academicYearId?: string;
}

@ArgsType()
export class AllocationsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only allocations of this class.' })
  classId?: string;

  @Field(() => ID, { nullable: true, description: 'Only allocations of this academic year.' })
  academicYearId?: string;

  @Field(() => ID, { nullable: true, description: 'Only allocations this teacher teaches (a teacher may ask only for themself).' })
  teacherId?: string;
}

/**
 * Whether the operation asks of academicTree no more than TREE_LEAN's fields at each level (and the relations
 * between them), through aliases and fragments: its statement then builds them lean (academic.tree.ts).
 */
export const treeAskedLean = (info: GraphQLResolveInfo): boolean =>
  asksOnly(info, [], [...Object.keys(TREE_LEAN.year), 'classes']) &&
  asksOnly(info, ['classes'], [...Object.keys(TREE_LEAN.class), 'allocations']) &&
  asksOnly(info, ['classes', 'allocations'], [...Object.keys(TREE_LEAN.allocation), 'subject', 'teachers']) &&
  asksOnly(info, ['classes', 'allocations', 'subject'], Object.keys(TREE_LEAN.subject)) &&
  asksOnly(info, ['classes', 'allocations', 'teachers'], Object.keys(TREE_LEAN.teacher));
