import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Assessment, AssessmentStudent } from '../assessments';
import { Submission } from '../submissions';
import { Connection, PageLimits } from '../../core/paging';
import type { GraphQLResolveInfo } from 'graphql';
import { mayAsk } from '../../core/selection';

/** The answer fields that read the key (the grade's explanation, the correct options, the accepted answers). */
const KEY_FIELDS: ReadonlyArray<readonly string[]> = [['grade', 'explanation'], ['correctOptionIds'], ['acceptedAnswers']];

/**
 * Whether the operation may ask, in any list of a GradingDashboard, for an answer's key or explanation: the
 * dashboard's statement leaves them out otherwise (the web's dashboard asks for none of them; REST's summary does).
 */
export const asksAnswerKeys = (info: GraphQLResolveInfo): boolean =>
  ['submitted', 'reopened', 'joinedLate'].some((list) => KEY_FIELDS.some((at) => mayAsk(info, [list, 'answers', ...at])));

/** The review aggregate of one item (assessments.md section 4 "Teacher side"). */
export enum ReviewBadge {
  NONE = 'NONE',
  ALL_GRADED = 'ALL_GRADED',
  PARTIALLY_GRADED = 'PARTIALLY_GRADED',
  NEEDS_GRADING = 'NEEDS_GRADING',
}

registerEnumType(ReviewBadge, {
  name: 'ReviewBadge',
  description: 'The badge of a review card (assessments.md section 2 "Review lists"); `badgeLabel` carries the spec\'s words.',
  valuesConfig: {
    NONE: { description: "No submissions: 'No Submissions' ('No Quiz Submissions' for quizzes)." },
    ALL_GRADED: { description: "Submissions and none pending: 'All Graded'." },
    PARTIALLY_GRADED: { description: "Some graded, some pending: 'Partially Graded'." },
    NEEDS_GRADING: { description: "Submissions, none graded: 'Needs Grading'." },
  },
});

@ObjectType({ description: 'A targeted student with no submission after the due date (the Overdue list of a grading dashboard).' })
export class OverdueStudent {
  @Field(() => AssessmentStudent, { description: 'The student.' })
  student: AssessmentStudent;

  @Field({ description: 'The due date that passed (shown on the overdue card).' })
  dueDate: Date;
}

@ObjectType({
  description:
    "A grading dashboard's tiles (assessments.md section 2), counted on the server: the dashboard answers them, and so does its change feed, so a client never counts them itself.",
})
export class GradingTiles {
  @Field({
    description:
      "Whether the item's due date has passed on the server clock: tile 3 reads 'Overdue' (overdueCount) when true, 'Not Submitted' (notSubmittedCount) before.",
  })
  isPastDue: boolean;

  @Field(() => Int, {
    description:
      "Tile 'Total Students': the students the item is for (the course's class and year, or the targets), and anyone else who submitted.",
  })
  totalStudents: number;

  @Field(() => Int, { description: "Tile 'Submitted': submissions that are not reopened (the Submitted list)." })
  submittedCount: number;

  @Field(() => Int, { description: "Tile 'Not Submitted' before the due date: targeted students with no submission." })
  notSubmittedCount: number;

  @Field(() => Int, { description: "Tile 'Overdue' after the due date: targeted students with no submission; 0 before the due date." })
  overdueCount: number;

  @Field(() => Int, { description: "Tile 'Graded': submissions (not reopened) whose status is graded." })
  gradedCount: number;

  @Field(() => Int, { description: "Tile 'Reopened': submissions reopened for another attempt (the Reopened list)." })
  reopenedCount: number;

  @Field(() => Int, {
    description:
      "'Joined late (n)': students placed in the class after the due date, whose work is open until their own due date (customDueDate) and who are not overdue.",
  })
  joinedLateCount: number;
}

@ObjectType({
  description:
    'A teacher\'s grading dashboard of one assignment, exam or quiz: the tiles and the three lists, in one query (assessments.md section 2 "Teacher grading dashboards").',
})
export class GradingDashboard extends GradingTiles {
  @Field(() => Assessment, {
    description:
      "The item with its questions (with keys: only the course's teachers, SuperAdmin and Admin see a dashboard), course and module.",
  })
  assessment: Assessment;

  @Field(() => [Submission], {
    description:
      'The Submitted list: submissions that are not reopened (pending review or graded), with answers, grades and explanations, newest first.',
  })
  submitted: Submission[];

  @Field(() => [OverdueStudent], {
    description: 'The Overdue list: targeted students with no submission, by last name; empty until the due date has passed.',
  })
  overdue: OverdueStudent[];

  @Field(() => [Submission], {
    description: 'The Reopened list (Extend Again), with answers and grades; late joiners are listed apart (joinedLate).',
  })
  reopened: Submission[];

  @Field(() => [Submission], {
    description:
      "The 'Joined late' list: their open submissions (nothing handed in yet), by last name; each one's due date is its customDueDate.",
  })
  joinedLate: Submission[];

  @Field({ description: 'Opaque position for gradingChanges: pass it as `since` to receive what changed after this answer.' })
  cursor: string;
}

@ObjectType({
  description: 'Submissions of an item changed since a cursor (a dashboard polls it to see grades saved elsewhere without a reload).',
})
export class GradingChanges {
  @Field({ description: 'The next cursor: pass it as `since` in the next poll.' })
  cursor: string;

  @Field(() => [Submission], {
    description:
      "The submissions of the item changed since the cursor (new, graded, reopened, auto-submitted), whole; a poll may repeat a recent one (merge by id, keep the higher version). A late joiner's open work (the dashboard's joinedLate) is not among them; what they hand in is.",
  })
  submissions: Submission[];

  @Field(() => GradingTiles, {
    description: "The tiles as they are now, counted with the same rule as the dashboard's: replace the shown ones.",
  })
  tiles: GradingTiles;
}

@ObjectType({
  description:
    'One card of a review list (Assignment Review, Quiz Review, Exam Review): the item, its place and its counts (assessments.md section 2 "Review lists").',
})
export class ReviewItem {
  @Field(() => Assessment, { description: 'The item (title, description, due date; course and module).' })
  assessment: Assessment;

  @Field({
    description:
      "First grouping level: the academic year of the item's course (quizzes: of their module's course); 'Unknown Year' when missing.",
  })
  yearLabel: string;

  @Field({ description: "Second level: the class name; 'Unknown Class' when missing." })
  className: string;

  @Field({ description: "Third level: the subject name; 'Unknown Subject' when missing." })
  subjectName: string;

  @Field(() => Int, { description: 'Submissions of the item (any status).' })
  submissionCount: number;

  @Field(() => Int, { description: 'Submissions whose status is graded.' })
  gradedCount: number;

  @Field(() => Int, { description: 'Submissions not graded (submissionCount - gradedCount).' })
  pendingCount: number;

  @Field(() => ReviewBadge, { description: 'The review aggregate.' })
  badge: ReviewBadge;

  @Field({ description: "The badge's words: 'No Submissions' ('No Quiz Submissions'), 'All Graded', 'Partially Graded', 'Needs Grading'." })
  badgeLabel: string;
}

/** A teacher's items of a kind over their courses, a year's worth growing each year: 100 a page unless asked, at most 500. */
export const REVIEW_PAGE: PageLimits = { max: 500, size: 100 };

export const ReviewItemConnection = Connection(
  ReviewItem,
  'ReviewItem',
  'review cards, by year (newest first), class and subject, the latest due date first',
);

/** The dashboard card shows a few; a page of the queue is 5 unless asked, at most 100 (the review lists hold the rest). */
export const QUEUE_PAGE: PageLimits = { max: 100, size: 5 };

export const GradingQueueConnection = Connection(
  ReviewItem,
  'GradingQueue',
  'the items with submissions waiting for a grade, the earliest due first',
);

@ObjectType({
  description:
    'The dashboard summary of an item (REST: POST /api/submissions/auto-submit-overdue and twins), and how many overdue students were auto-submitted.',
})
export class OverdueSummary {
  @Field({ description: 'True when nothing was changed (dryRun).' })
  dryRun: boolean;

  @Field(() => Int, { description: 'Overdue students (and expired reopened submissions) auto-submitted by this call; 0 for a dry run.' })
  autoSubmittedCount: number;

  @Field(() => Int, { description: 'The students the item is for, and anyone else who submitted.' })
  totalStudents: number;

  @Field(() => Int, { description: 'Submissions that are not reopened.' })
  submittedCount: number;

  @Field(() => Int, { description: 'Targeted students with no submission after the due date (0 before it).' })
  overdueCount: number;

  @Field(() => Int, { description: 'Reopened submissions.' })
  reopenedCount: number;

  @Field(() => Int, { description: "Late joiners whose work is open until their own due date ('Joined late (n)')." })
  joinedLateCount: number;
}
