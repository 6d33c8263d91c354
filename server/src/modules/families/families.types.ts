import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { Assessment, AssessmentKind } from '../assessments';
import { AttendanceSummary, MyAttendanceArgs } from '../attendance';
import { MyAssessmentStatus, MyScore, Submission } from '../submissions';
import { Connection } from '../../core/paging';

@InputType({ description: 'A parent and a student to link or unlink.' })
export class FamilyLinkInput {
  @Field(() => ID, { description: 'The parent: a user whose role is Parent.' })
  parentId: string;

  @Field(() => ID, { description: 'The student: a user whose role is Student.' })
  studentId: string;
}

@ObjectType({ description: "A parent linked to a student: the parent then reads the student's courses, work, attendance and feedback." })
export class FamilyLink {
  @Field(() => User, { description: 'The parent.' })
  parent: User;

  @Field(() => User, { description: 'The student.' })
  student: User;

  @Field({ description: 'When the link was made.' })
  createdAt: Date;
}

@ObjectType({
  description: "One item on a child's card: due soon and not submitted, or recently graded; the score only when the child may see it.",
})
export class ChildCardItem {
  @Field(() => ID, { description: 'The assignment, exam or quiz.' })
  assessmentId: string;

  @Field(() => AssessmentKind, { description: 'ASSIGNMENT, EXAM or QUIZ.' })
  kind: AssessmentKind;

  @Field({ description: 'Its title.' })
  title: string;

  @Field({ description: 'The course it belongs to.' })
  courseTitle: string;

  @Field(() => String, { nullable: true, description: "The course's subject." })
  subjectName: string | null;

  @Field({ description: 'The due date that applies to the child.' })
  dueDate: Date;

  @Field({ description: "The child's status in the words of the child's own lists ('Pending', 'Completed', ...)." })
  label: string;

  @Field(() => MyScore, {
    nullable: true,
    description: 'The score, exactly when the child may see it (graded, and not manual unless released); null otherwise.',
  })
  score: MyScore | null;
}

@ObjectType({ description: "A linked child on the parent's dashboard, from real data." })
export class ChildSummary {
  @Field(() => User, { description: 'The child.' })
  child: User;

  @Field(() => String, { nullable: true, description: "The child's class; null when not placed." })
  className: string | null;

  @Field(() => String, { nullable: true, description: "The child's academic year; null when not placed." })
  academicYear: string | null;

  @Field(() => Int, { description: "How many courses the child's class has this year." })
  coursesCount: number;

  @Field(() => AttendanceSummary, { description: "The child's attendance: counts and rate over every record." })
  attendance: AttendanceSummary;

  @Field(() => [ChildCardItem], { description: 'The most recently graded work (at most 5), newest first.' })
  recentGraded: ChildCardItem[];

  @Field(() => [ChildCardItem], { description: 'What is due next and not submitted (at most 5), soonest first.' })
  dueSoon: ChildCardItem[];
}

@ObjectType({
  description: "One of a child's assignments, exams or quizzes as the child sees it: the item, the child's status and their submission.",
})
export class ChildAssessment {
  @Field(() => Assessment, { description: 'The item (never its answer key).' })
  assessment: Assessment;

  @Field(() => MyAssessmentStatus, { description: "The child's status on it; the score only when the child may see it." })
  status: MyAssessmentStatus;

  @Field(() => Submission, {
    nullable: true,
    description: "The child's submission with per-question scores and teacher feedback as the child may see them; null when none.",
  })
  submission: Submission | null;
}

export const ChildAssessmentConnection = Connection(
  ChildAssessment,
  'ChildAssessment',
  "a child's items, by the due date that applies to them",
);

@ArgsType()
export class ChildAttendanceArgs extends MyAttendanceArgs {
  @Field(() => ID, { description: 'The child (a student linked to you).' })
  studentId: string;
}
