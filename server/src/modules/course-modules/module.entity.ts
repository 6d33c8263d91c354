import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Course } from '../courses';
import { Versioned } from '../../db/versioned';

/** platform.md section 3: Week or Unit, default Week. */
export enum ModuleType {
  Week = 'Week',
  Unit = 'Unit',
}

registerEnumType(ModuleType, {
  name: 'ModuleType',
  description: 'How a module is labelled: Week or Unit.',
  valuesConfig: {
    Week: { description: 'A week of teaching (the default).' },
    Unit: { description: 'A unit of teaching, of any length.' },
  },
});

/** "Module" in the spec; CourseModule in code so it is not confused with JavaScript modules. */
@ObjectType('Module', { description: 'A week or unit of a course; holds content (and quizzes).' })
@Entity('course_modules')
export class CourseModule extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Title; required.' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'Free text; empty when none was given (the client shows "No description provided").' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => ModuleType, { description: 'Week or Unit.' })
  @Column({ name: 'module_type', type: 'text', default: ModuleType.Week })
  moduleType: ModuleType;

  @Field(() => Int, { description: 'Position in the course, at least 1; new modules default to the highest existing plus 1.' })
  @Column({ name: 'sort_order', type: 'int' })
  order: number;

  @Field({ description: 'False hides the module (and everything in it) from students.' })
  @Column({ name: 'is_visible', default: true })
  isVisible: boolean;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Course;

  @Field({ description: 'When the module was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
