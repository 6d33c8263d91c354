import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Course } from '../courses';
import { CourseModule } from '../course-modules';
import { User } from '../users';
import { Versioned } from '../../db/versioned';

/** DESIGN.md "Data model decisions": one entity for the three REST families. */
export enum AssessmentKind {
  ASSIGNMENT = 'ASSIGNMENT',
  EXAM = 'EXAM',
  QUIZ = 'QUIZ',
}

/** assessments.md section 3; the spec's own words are the enum values. */
export enum ResultVisibility {
  immediate = 'immediate',
  scoreOnly = 'scoreOnly',
  manual = 'manual',
}

export enum AssessmentScope {
  whole_class = 'whole_class',
  individual_students = 'individual_students',
}

export enum QuestionType {
  MCQ = 'MCQ',
  ShortAnswer = 'ShortAnswer',
  LongAnswer = 'LongAnswer',
}

registerEnumType(AssessmentKind, {
  name: 'AssessmentKind',
  description: 'What an assessment is: an assignment or exam (of a course), or a quiz (of a module).',
  valuesConfig: {
    ASSIGNMENT: { description: 'An assignment of a course (REST: /assignments).' },
    EXAM: { description: 'An exam of a course (REST: /exams).' },
    QUIZ: { description: 'A quiz of a module (REST: /quizzes).' },
  },
});
registerEnumType(ResultVisibility, {
  name: 'ResultVisibility',
  description: 'What a student sees of their graded work.',
  valuesConfig: {
    immediate: { description: 'Scores and correct answers at once (the default).' },
    scoreOnly: { description: 'The total score only; answers stay hidden.' },
    manual: { description: 'Everything hidden until the teacher releases the results.' },
  },
});
registerEnumType(AssessmentScope, {
  name: 'AssessmentScope',
  description: 'Who the assessment is for (REST: assignmentScope, examScope, quizScope).',
  valuesConfig: {
    whole_class: { description: "Every student of the course's class and year (the default)." },
    individual_students: { description: 'Only the target students.' },
  },
});
registerEnumType(QuestionType, {
  name: 'QuestionType',
  description: 'The kind of a question, which decides its editor and its grading.',
  valuesConfig: {
    MCQ: { description: 'Multiple choice: options, one or more of them correct; graded automatically.' },
    ShortAnswer: { description: 'A short text compared with the accepted answers; graded automatically.' },
    LongAnswer: { description: 'A long text or a file; graded by the teacher.' },
  },
});

@ObjectType({ description: 'An assignment, exam or quiz with its questions (assessments.md section 3).' })
@Entity('assessments')
export class Assessment extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  @Column({ type: 'text' })
  kind: AssessmentKind;

  @Field({ description: 'Title; required.' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'Free text; empty when none was given (tables show its first 50 characters).' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field({ description: 'Instructions for the students; empty when none were given.' })
  @Column({ type: 'text', default: '' })
  instructions: string;

  @Field({ description: 'When it is due (server time; whole minutes).' })
  @Column({ name: 'due_date', type: 'timestamptz' })
  dueDate: Date;

  @Field(() => Int, { description: 'The sum of the points of its questions, kept by the server.' })
  @Column({ name: 'total_points', type: 'int', default: 0 })
  totalPoints: number;

  @Field(() => ResultVisibility, { description: 'What students see of their graded work.' })
  @Column({ name: 'result_visibility', type: 'text', default: ResultVisibility.immediate })
  resultVisibility: ResultVisibility;

  @Field({ description: "False hides it from students ('Hidden from students')." })
  @Column({ name: 'is_visible', default: true })
  isVisible: boolean;

  @Field(() => AssessmentScope, { description: 'Whole class or individual students (REST: assignmentScope, examScope, quizScope).' })
  @Column({ type: 'text', default: AssessmentScope.whole_class })
  scope: AssessmentScope;

  /** Sort key within its list: new quizzes go to the top (smaller), reused ones are appended (larger). */
  @Column({ type: 'int', default: 0 })
  position: number;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Course;

  @Column({ name: 'module_id', type: 'uuid', nullable: true })
  moduleId: string | null;

  @ManyToOne(() => CourseModule, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'module_id' })
  module?: CourseModule | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When a teacher released the results of a manual item (releaseResults); null until then.',
  })
  @Column({ name: 'results_released_at', type: 'timestamptz', nullable: true })
  resultsReleasedAt: Date | null;

  @Column({ name: 'results_released_by', type: 'uuid', nullable: true })
  resultsReleasedById: string | null;

  /** Only the id and the name are loaded (assessmentQuery), for "Released on ... by ...". */
  @ManyToOne(() => User, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'results_released_by' })
  resultsReleasedBy?: User | null;

  @Field(() => String, {
    nullable: true,
    description: "Who released the results of a manual item ('Released on ... by ...'); null until released, or when that account is gone.",
  })
  get resultsReleasedByName(): string | null {
    return this.resultsReleasedBy ? `${this.resultsReleasedBy.firstName} ${this.resultsReleasedBy.lastName}` : null;
  }

  @Field(() => Date, {
    nullable: true,
    description:
      "The one due date the teacher gave the item's late joiners (students placed in the class after the due date); null: a week after each one's placement.",
  })
  @Column({ name: 'late_due_date', type: 'timestamptz', nullable: true })
  lateDueDate: Date | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdById: string | null;

  @Field({ description: 'When it was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When it was last changed.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
