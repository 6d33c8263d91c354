import { Connection } from '../../core/paging';
import { Field, Float, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { AssessmentKind, AssessmentStudent } from '../assessments';

/** Where one student stands on one item, as a grades report or a gradebook cell shows it. */
export enum GradeStatus {
  Graded = 'Graded',
  Unreleased = 'Unreleased',
  NotGraded = 'NotGraded',
  Reopened = 'Reopened',
  Missing = 'Missing',
  NotSubmitted = 'NotSubmitted',
  NotAssigned = 'NotAssigned',
}

registerEnumType(GradeStatus, {
  name: 'GradeStatus',
  description: 'Where a student stands on one assessment in the grades views.',
  valuesConfig: {
    Graded: { description: 'Graded and its result may be shown to the student: it counts toward the course average.' },
    Unreleased: { description: 'Graded, but the student may not see the result yet (manual visibility, not released): counts nowhere.' },
    NotGraded: { description: 'Submitted (or partly graded) and waiting for the teacher.' },
    Reopened: { description: 'Reopened by a teacher and not graded again yet.' },
    Missing: { description: 'No submission and the due date has passed.' },
    NotSubmitted: { description: 'No submission yet; still before the due date.' },
    NotAssigned: { description: 'The assessment is for individual students, not this one.' },
  },
});

@InterfaceType({
  description: 'Where a student stands on one assessment: status, score, whether it counts (a report item, a gradebook cell).',
})
export class GradeStanding {
  @Field(() => GradeStatus, { description: 'Where the student stands on it.' })
  status: GradeStatus;

  @Field({
    description:
      "The status in words: 'Graded', 'Results not released', 'Not graded', 'Reopened', 'Missing', 'Not submitted', 'Not assigned'.",
  })
  statusLabel: string;

  @Field({ description: 'The work was auto-submitted at the due date.' })
  isAutoSubmitted: boolean;

  @Field(() => Float, {
    nullable: true,
    description:
      'Points earned once graded, when this viewer may see the result (the student and their parents: under its result visibility; teachers: at once); null otherwise.',
  })
  score: number | null;

  @Field(() => Int, { description: "Points possible (the submission's maximum, else the assessment's total points)." })
  maxScore: number;

  @Field(() => Int, { nullable: true, description: 'Score as a whole-number percentage of maxScore; null when score is null.' })
  percentage: number | null;

  @Field({ description: 'Counts toward the course average: graded, and the student sees the item and may see its result.' })
  countsTowardAverage: boolean;
}

@ObjectType({ implements: GradeStanding, description: "One assessment in a student's grades report." })
export class GradeItem extends GradeStanding {
  @Field(() => ID, { description: 'The assessment (REST: assessmentId).' })
  assessmentId: string;

  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  kind: AssessmentKind;

  @Field({ description: 'Title of the assessment.' })
  title: string;

  @Field({ description: 'Due date of the assessment.' })
  dueDate: Date;

  @Field(() => Date, { nullable: true, description: 'When the student submitted; null without a submission.' })
  submittedAt: Date | null;
}

@ObjectType({ description: 'One point of the grade trend: a counted item and the course average once it was in.' })
export class GradeTrendPoint {
  @Field(() => ID, { description: 'The assessment.' })
  assessmentId: string;

  @Field({ description: 'Title of the assessment.' })
  title: string;

  @Field({ description: 'When it was submitted (the due date for work without a submission time).' })
  at: Date;

  @Field(() => Int, { description: 'Its percentage.' })
  percentage: number;

  @Field(() => Int, { description: 'The course average (points earned over points possible) over this item and the ones before it.' })
  average: number;
}

@InterfaceType({
  description:
    "A student's course average: points earned over points possible of graded work whose result the student may see (and whose item they see); nothing else counts.",
})
export class CourseAverage {
  @Field(() => Float, { description: 'Points earned over the items that count.' })
  pointsEarned: number;

  @Field(() => Int, { description: 'Points possible over the same items.' })
  pointsPossible: number;

  @Field(() => Int, {
    nullable: true,
    description: 'The average: pointsEarned over pointsPossible as a whole-number percentage; null when nothing counts yet.',
  })
  average: number | null;
}

@ObjectType({ implements: CourseAverage, description: "A student's grades in one course." })
export class CourseGrades extends CourseAverage {
  @Field(() => ID, { description: 'The course.' })
  courseId: string;

  @Field({ description: 'Course title.' })
  courseTitle: string;

  @Field({ description: 'Subject name.' })
  subjectName: string;

  @Field(() => [GradeItem], { description: 'The assessments of the course the student may see, by due date.' })
  items: GradeItem[];

  @Field(() => [GradeTrendPoint], { description: 'The counted items in time order with the running average: the trend chart.' })
  trend: GradeTrendPoint[];
}

@ObjectType({
  description:
    "A student's grades report: each course of their class with its graded items, average and trend, exactly as the student sees them.",
})
export class StudentGrades {
  @Field(() => AssessmentStudent, { description: 'The student.' })
  student: AssessmentStudent;

  @Field(() => [CourseGrades], { description: "The courses of the student's class and year, by title." })
  courses: CourseGrades[];
}

@ObjectType({ description: 'A column of a gradebook: one assessment of the course.' })
export class GradebookColumn {
  @Field(() => ID, { description: 'The assessment.' })
  id: string;

  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  kind: AssessmentKind;

  @Field({ description: 'Title.' })
  title: string;

  @Field({ description: 'Due date.' })
  dueDate: Date;

  @Field(() => Int, { description: 'Total points of the assessment.' })
  totalPoints: number;

  @Field({ description: 'Students see it (it and its module are visible); hidden items count in no average.' })
  visibleToStudents: boolean;

  @Field({ description: 'Its results are shown to students once graded (not manual, or manual and released).' })
  resultsShown: boolean;
}

@ObjectType({ implements: GradeStanding, description: 'One cell of a gradebook: a student on an assessment.' })
export class GradebookCell extends GradeStanding {
  @Field(() => ID, { description: 'The assessment (the column).' })
  assessmentId: string;

  @Field(() => ID, { nullable: true, description: 'The submission, when there is one.' })
  submissionId: string | null;
}

@ObjectType({ implements: CourseAverage, description: 'A row of a gradebook: one student, a cell per column, their course average.' })
export class GradebookRow extends CourseAverage {
  @Field(() => AssessmentStudent, { description: 'The student.' })
  student: AssessmentStudent;

  @Field(() => [GradebookCell], { description: 'One cell per column, in column order.' })
  cells: GradebookCell[];
}

@ObjectType({
  description:
    "A course's gradebook: its students (placed in its class, or with work in it) x its assessments, in a fixed number of statements.",
})
export class Gradebook {
  @Field(() => ID, { description: 'The course.' })
  courseId: string;

  @Field({ description: 'Course title.' })
  courseTitle: string;

  @Field({ description: 'Subject name.' })
  subjectName: string;

  @Field({ description: 'Class name.' })
  className: string;

  @Field({ description: 'Academic year label.' })
  yearLabel: string;

  @Field(() => [GradebookColumn], { description: 'The assessments, by due date.' })
  columns: GradebookColumn[];

  /** The students, by last name: every row (the CSV and REST take them all; GraphQL pages them, gradebook.resolver.ts). */
  rows: GradebookRow[];
}

export const GradebookRowConnection = Connection(GradebookRow, 'GradebookRow', "a gradebook's rows, one a student, by last name");
