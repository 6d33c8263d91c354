import { Field, ID, ObjectType } from 'type-graphql';
import { Target, targetPath } from '@lms/routes';
import { AssessmentKind } from '../assessments';

@ObjectType({
  description:
    "A due date in the viewer's calendar: an assignment, exam or quiz of a course they take or teach (for parents: of a linked child's course).",
})
export class CalendarEvent {
  @Field(() => ID, { description: 'Stable across requests: the item, and for students and parents the student too (the ICS UID).' })
  id: string;

  @Field(() => ID, { description: 'The assignment, exam or quiz.' })
  assessmentId: string;

  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  kind: AssessmentKind;

  @Field({ description: 'Its title.' })
  title: string;

  @Field(() => ID, { description: 'Its course.' })
  courseId: string;

  @Field({ description: "The course's title." })
  courseTitle: string;

  @Field({
    description:
      "When it is due: for a student (and their parents) a reopened submission's customDueDate when set, else the item's due date.",
  })
  dueDate: Date;

  @Field({ description: 'The due date was extended for this student (dueDate is the customDueDate); false for teachers.' })
  isExtended: boolean;

  @Field(() => String, {
    nullable: true,
    description: "The student's status as their lists say it ('Pending', 'Submitted', 'Overdue', ...); null in a teacher's calendar.",
  })
  status: string | null;

  @Field(() => ID, { nullable: true, description: "Whose due date it is (the student); null in a teacher's calendar." })
  studentId: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The student's name, for parents with more than one child; null in a teacher's calendar.",
  })
  studentName: string | null;

  @Field({ description: "False: hidden from students (only a teacher's calendar holds hidden items)." })
  isVisible: boolean;

  /** What the event points at for this viewer (issue 29): typed, turned into `path` by the route table. */
  target: Target;

  @Field(() => String, {
    description:
      "The app's page of the item for this viewer (a path such as /dashboard/assignments/<id>/submit); the ICS URL is the public address of it.",
  })
  get path(): string {
    return targetPath(this.target);
  }
}

@ObjectType({
  description: "The viewer's calendar subscription link: whether one exists. The secret address is shown only when it is created.",
})
export class CalendarFeedStatus {
  @Field({ description: 'A link exists and answers.' })
  enabled: boolean;

  @Field(() => Date, { nullable: true, description: 'When the current link was created; null without one.' })
  createdAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When a calendar app last read the current link; null if never.' })
  lastFetchedAt: Date | null;
}

@ObjectType({
  description:
    'A new calendar subscription link. Its address holds the secret: copy it now, it is not shown again (reset it to get a new one).',
})
export class CalendarFeedLink {
  @Field({
    description: 'The https/http address to subscribe to (Google Calendar: From URL; Outlook: Subscribe from web), ending in .ics.',
  })
  url: string;

  @Field({ description: 'The same address with the webcal: scheme, which opens the calendar app directly.' })
  webcalUrl: string;

  @Field({ description: 'When it was created.' })
  createdAt: Date;
}
