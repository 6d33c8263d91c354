import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Visible } from '../../core/field-rules';
import { AssessmentStudent } from '../assessments';
import type { SubmissionView } from '../../policies/rules';
import { DECIDED_AS } from '../../policies/fields';

/** The stored status of a submission (assessments.md section 3); any other is shown as pending review. */
export enum SubmissionStatus {
  pending = 'pending',
  graded = 'graded',
  reopened = 'reopened',
}

/** The student's status of one item (assessments.md section 4), computed by the server for lists and pages. */
export enum StudentStatus {
  Overdue = 'Overdue',
  Pending = 'Pending',
  AutoSubmitted = 'AutoSubmitted',
  Completed = 'Completed',
  Submitted = 'Submitted',
  Reopened = 'Reopened',
}

/** Where a click on an item goes (assessments.md section 4 "Opening an item"). */
export enum OpensOn {
  SUBMIT = 'SUBMIT',
  VIEW = 'VIEW',
}

registerEnumType(SubmissionStatus, {
  name: 'SubmissionStatus',
  description: 'The stored status of a submission.',
  valuesConfig: {
    pending: { description: 'Submitted; some question waits for the teacher (pending review).' },
    graded: { description: 'Every question has a grade.' },
    reopened: { description: 'Reopened by a teacher for another attempt.' },
  },
});
registerEnumType(StudentStatus, {
  name: 'StudentStatus',
  description: "The student's status of an item (assessments.md section 4); `label` and `courseLabel` carry the spec's words.",
  valuesConfig: {
    Overdue: { description: "No submission and past the due date: 'Overdue' (red)." },
    Pending: { description: "No submission and not yet due: 'Pending' (yellow)." },
    AutoSubmitted: { description: "Auto-submitted by the overdue sweep: 'Auto-submitted (Overdue)' (orange)." },
    Completed: { description: "Graded: 'Completed' on lists, 'Graded' on the course page." },
    Submitted: { description: "Any other submission: 'Submitted' (blue)." },
    Reopened: { description: "Lists only: reopened and pending: 'Reopened (Pending)' (the course page says 'Submitted')." },
  },
});
registerEnumType(OpensOn, {
  name: 'OpensOn',
  description: 'Which page a click on the item opens.',
  valuesConfig: {
    SUBMIT: { description: 'The submit page (/dashboard/{kind}/{id}/submit).' },
    VIEW: { description: 'The view page (/dashboard/{kind}/{id}/view).' },
  },
});

/**
 * What the result-visibility rules read about a submission (the same for every viewer, like a course's
 * teachers): 'submission.seeResults', 'submission.seeGrades' and 'submission.seeCorrect' decide per viewer.
 */
export type SubmissionFacts = SubmissionView;

/** The facts carried by every object a visibility rule guards (not GraphQL fields). */
abstract class GuardedBySubmission implements SubmissionFacts {
  /** The submission's facts object this copy was made from: the viewer's decisions are made once for all its objects. */
  [DECIDED_AS]?: SubmissionFacts;
  studentId: string;
  teacherIds: string[];
  graded: boolean;
  visibility: SubmissionView['visibility'];
  released: boolean;
  autoSubmitted: boolean;
}

@ObjectType({ description: 'Your score on an item, present only when your result may be shown (graded, and not manual unless released).' })
export class MyScore {
  @Field(() => Float, { description: 'Total score (x of "Score: x/y (pct%)").' })
  totalScore: number;

  @Field(() => Int, { description: 'Maximum score (y).' })
  maxScore: number;

  @Field(() => Int, { description: 'Percentage, rounded to a whole number.' })
  percentage: number;

  @Field({ description: "Auto-submitted work: show 'Auto Score' with 'Overdue'." })
  isAutoSubmitted: boolean;
}

@ObjectType({ description: 'Your standing on an item as a student (assessments.md section 4), computed on the server clock.' })
export class MyAssessmentStatus {
  @Field(() => StudentStatus, { description: 'The status on the lists (My Assignments, My Quizzes, My Exams).' })
  status: StudentStatus;

  @Field({
    description: "The lists' words: 'Overdue', 'Pending', 'Auto-submitted (Overdue)', 'Completed', 'Submitted', 'Reopened (Pending)'.",
  })
  label: string;

  @Field({
    description:
      "The course page's words: 'Overdue', 'Pending', 'Auto-submitted (Overdue)', 'Graded', 'Submitted', and as on the lists 'Reopened (Pending)' for reopened work that waits for the student.",
  })
  courseLabel: string;

  @Field(() => OpensOn, {
    description: 'Where a click on a list item goes: submit page with no submission or a reopened one still open, else the view page.',
  })
  opensOn: OpensOn;

  @Field(() => OpensOn, { description: 'Where a click on the course page goes: any existing submission goes to the view page.' })
  courseOpensOn: OpensOn;

  @Field({ description: "The due date that applies to you: the reopened submission's customDueDate when set, else the item's." })
  dueDate: Date;

  @Field({ description: "The item's own due date ('Extended due date (Original: ...)')." })
  originalDueDate: Date;

  @Field({ description: 'The due date was extended for you (dueDate is the customDueDate).' })
  isExtended: boolean;

  @Field({ description: 'Your submission was reopened: the submit page shows the green banner and Resubmit.' })
  isReopened: boolean;

  @Field({ description: "The applicable due date has passed and you may not submit: the 'Overdue' banner, submit disabled." })
  isOverdue: boolean;

  @Field({ description: 'Whether a submit would be accepted now (no submission and not due, or reopened and before its customDueDate).' })
  canSubmit: boolean;

  @Field(() => MyScore, { nullable: true, description: 'The score line; null unless your result may be shown.' })
  score: MyScore | null;

  @Field(() => ID, { nullable: true, description: 'Your submission, when there is one.' })
  submissionId: string | null;
}

@ObjectType({ description: 'A file uploaded with a long answer (download: GET /api/submissions/download/{submissionId}/{fileId}).' })
export class SubmissionFile {
  @Field(() => ID, { description: 'The file id.' })
  id: string;

  @Field({ description: 'The name it was uploaded with.' })
  name: string;

  @Field(() => Int, { description: 'Size in bytes.' })
  size: number;

  @Field({ description: 'Its type (checked against its content).' })
  mimeType: string;
}

@ObjectType({ description: 'Why an automatic grade is what it is.' })
export class GradeExplanation {
  @Field(() => [ID], { description: 'MCQ: correct options selected.' })
  rightOptionIds: string[];

  @Field(() => [ID], { description: 'MCQ: wrong options selected.' })
  wrongOptionIds: string[];

  @Field(() => [ID], { description: 'MCQ: correct options not selected.' })
  missedOptionIds: string[];

  @Field(() => String, { nullable: true, description: 'ShortAnswer: the accepted answer that matched best, null when none did.' })
  matchedAnswer: string | null;

  @Field(() => Int, { nullable: true, description: 'ShortAnswer: its weight in percent.' })
  matchedWeight: number | null;

  @Field({ description: 'The explanation in words.' })
  text: string;
}

@ObjectType({ description: 'The grade of one question of a submission.' })
export class SubmissionGrade extends GuardedBySubmission {
  @Field(() => ID, { description: 'The question.' })
  questionId: string;

  @Field(() => Float, { description: 'Score, 0 to the question points, 2 decimals.' })
  score: number;

  @Field(() => Int, { description: "The question's points." })
  maxScore: number;

  @Field({ description: "The teacher's feedback; empty when none." })
  feedback: string;

  @Field({ description: "Given by the automatic grading (the 'Auto-graded' badge); false once a teacher set it." })
  isAutoGraded: boolean;

  @Field(() => Int, {
    description: 'Changes with every save of this grade: send it back as expectedVersion to gradeAnswer (a different one is a CONFLICT).',
  })
  version: number;

  @Field(() => Float, {
    nullable: true,
    description: 'What the automatic grading gave, kept when a teacher overrides the score; null for manual questions, and for students.',
  })
  @Visible('submission', 'grading')
  autoScore: number | null;

  @Field(() => String, {
    nullable: true,
    description: "The teacher who last set this grade ('First Last'); null for automatic grades, and for students.",
  })
  @Visible('submission', 'grading')
  gradedByName: string | null;

  @Field(() => GradeExplanation, {
    nullable: true,
    description:
      'Automatic grades: which options were right, wrong, missed, which accepted answer matched; null unless correct answers may be shown to you.',
  })
  @Visible('submission', 'correct')
  explanation: GradeExplanation | null;
}

@ObjectType({ description: "A student's answer to one question (there is one for every question of the item)." })
export class SubmissionAnswer extends GuardedBySubmission {
  @Field(() => ID, { description: 'The question.' })
  questionId: string;

  @Field({ description: 'ShortAnswer and LongAnswer: the text; empty when none.' })
  answer: string;

  @Field(() => [ID], { description: 'MCQ: the selected options.' })
  selectedOptionIds: string[];

  @Field(() => [String], { description: 'MCQ: the texts of the selected options (REST: selectedOptions).' })
  selectedOptions: string[];

  @Field(() => SubmissionFile, { nullable: true, description: 'LongAnswer: the uploaded file, if any.' })
  file: SubmissionFile | null;

  @Field(() => String, {
    nullable: true,
    description:
      "The teacher's feedback on this question (empty when none); null until graded, and for a student until results may be shown. Under Score Only too, where `grade` (the per-question score) stays hidden: teacher feedback shows when graded.",
  })
  @Visible('submission', 'results')
  feedback: string | null;

  @Field(() => SubmissionGrade, {
    nullable: true,
    description:
      "This question's grade; null until graded, and for a student unless per-question results may be shown (immediate, or manual once released).",
  })
  @Visible('submission', 'grades')
  grade: SubmissionGrade | null;

  @Field(() => [ID], {
    nullable: true,
    description: 'MCQ: the correct options; null unless correct answers may be shown to you (immediate, graded, not auto-submitted).',
  })
  @Visible('submission', 'correct')
  correctOptionIds: string[] | null;

  @Field(() => [String], {
    nullable: true,
    description: 'ShortAnswer: the accepted answers; null unless correct answers may be shown to you.',
  })
  @Visible('submission', 'correct')
  acceptedAnswers: string[] | null;

  submissionId: string;
}

@ObjectType({ description: "A student's work on an assignment, exam or quiz (one per student and item)." })
export class Submission extends GuardedBySubmission {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  id: string;

  @Field(() => ID, { description: 'The assignment, exam or quiz (REST: assignment, exam, quiz).' })
  assessmentId: string;

  @Field(() => AssessmentStudent, { description: 'The student.' })
  student: AssessmentStudent;

  @Field(() => SubmissionStatus, { description: 'Pending (review), graded or reopened.' })
  status: SubmissionStatus;

  @Field({ description: 'Submitted by the overdue sweep, not by the student.' })
  isAutoSubmitted: boolean;

  @Field({ description: 'Reopened by a teacher: may be submitted again (Resubmit).' })
  allowedAfterDue: boolean;

  @Field(() => Date, { nullable: true, description: "The extended due date of a reopened submission, or a late joiner's own due date." })
  customDueDate: Date | null;

  @Field({
    description:
      "Opened for a student placed in the class after the item was due (a late joiner): due at customDueDate, never overdue for the item's own date.",
  })
  joinedLate: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was (last) submitted.' })
  submittedAt: Date | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Total score; null for a student unless results may be shown (graded, and not manual unless released).',
  })
  @Visible('submission', 'results')
  totalScore: number | null;

  @Field(() => Int, { description: 'Maximum score (the points of the item).' })
  maxScore: number;

  @Field(() => Int, { nullable: true, description: 'Percentage, rounded; null whenever totalScore is.' })
  @Visible('submission', 'results')
  percentage: number | null;

  @Field({ description: 'Whether results (the score) are shown to you.' })
  resultsVisible: boolean;

  @Field({ description: 'Whether per-question scores and feedback are shown to you.' })
  gradesVisible: boolean;

  @Field({ description: 'Whether correct answers and explanations are shown to you.' })
  correctAnswersVisible: boolean;

  @Field(() => [SubmissionAnswer], { description: 'One answer per question, by question order.' })
  answers: SubmissionAnswer[];

  @Field(() => Int, { description: 'Changes with every write to the submission or its grades (submit, grade, reopen, regrade).' })
  version: number;

  @Field({ description: 'When the submission or one of its grades last changed (server time).' })
  updatedAt: Date;
}

@ObjectType({ description: 'One saved answer of a draft.' })
export class DraftAnswer {
  @Field(() => ID, { description: 'The question.' })
  questionId: string;

  @Field({ description: 'The text typed so far.' })
  answer: string;

  @Field(() => [ID], { description: 'MCQ: the options ticked so far.' })
  selectedOptionIds: string[];
}

@ObjectType({ description: "A long answer's file kept with a draft (issue 25): a reload or a switch to the camera loses nothing." })
export class DraftFile {
  @Field(() => ID, { description: 'The long-answer question.' })
  questionId: string;

  @Field(() => SubmissionFile, { description: 'The file (submitted with the draft unless replaced or removed).' })
  file: SubmissionFile;
}

@ObjectType({ description: 'Answers autosaved while you work (not a submission; teachers never see it).' })
export class SubmissionDraft {
  @Field(() => ID, { description: 'The item.' })
  assessmentId: string;

  @Field({ description: 'When it was last saved (server time).' })
  savedAt: Date;

  @Field(() => [DraftAnswer], { description: 'The answers saved (text and ticked options).' })
  answers: DraftAnswer[];

  @Field(() => [DraftFile], {
    description: 'Long-answer files attached so far (attachDraftFile); a submit that sends no file for the question takes this one.',
  })
  files: DraftFile[];
}

@InputType({ description: 'One answer of a draft (and the text and options of a submitted answer).' })
export class DraftAnswerInput {
  @Field(() => ID, { description: 'The question.' })
  questionId: string;

  @Field({ nullable: true, description: 'ShortAnswer and LongAnswer: the text (typed so far).' })
  answer?: string;

  @Field(() => [ID], { nullable: true, description: 'MCQ: the selected options, by id (REST also accepts their texts).' })
  selectedOptionIds?: string[];
}

@InputType({ description: 'Your answer to one question.' })
export class SubmitAnswerInput extends DraftAnswerInput {
  @Field(() => Int, { nullable: true, description: 'LongAnswer: the position in `files` of the file for this question.' })
  fileIndex?: number;

  @Field({ nullable: true, description: 'LongAnswer, on Resubmit: keep the file of your previous submission when no new one is sent.' })
  keepFile?: boolean;
}

@InputType({ description: 'Submit (or Resubmit) an assignment, exam or quiz.' })
export class SubmitAssessmentInput {
  @Field(() => ID, { description: 'The item.' })
  assessmentId: string;

  @Field(() => [SubmitAnswerInput], { description: 'Your answers; questions left out count as unanswered.' })
  answers: SubmitAnswerInput[];
}

@InputType({ description: 'Autosave: replaces your draft of the item.' })
export class SaveDraftInput {
  @Field(() => ID, { description: 'The item.' })
  assessmentId: string;

  @Field(() => [DraftAnswerInput], { description: 'The answers so far.' })
  answers: DraftAnswerInput[];
}

@InputType({ description: 'Which long answer of your draft a file belongs to (attachDraftFile, removeDraftFile).' })
export class DraftFileInput {
  @Field(() => ID, { description: 'The item.' })
  assessmentId: string;

  @Field(() => ID, { description: 'Its long-answer question.' })
  questionId: string;
}
