import { Field, ID, ObjectType } from 'type-graphql';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { AcademicYear, SchoolClass, Subject } from '../academic';
import { User } from '../users';
import { Versioned } from '../../db/versioned';

@ObjectType({ description: 'A course: what one class learns of one subject in one academic year, taught by its teachers.' })
@Entity('courses')
export class Course extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: "The course's title, labelled 'Course Code' in the client; required." })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'Free text; empty when none was given.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId: string;

  @Column({ name: 'class_id', type: 'uuid' })
  classId: string;

  @Column({ name: 'academic_year_id', type: 'uuid' })
  academicYearId: string;

  // relations are joined for REST lists; GraphQL resolves them through DataLoaders when not loaded
  @ManyToOne(() => Subject)
  @JoinColumn({ name: 'subject_id' })
  subject?: Subject;

  @ManyToOne(() => SchoolClass)
  @JoinColumn({ name: 'class_id' })
  class?: SchoolClass;

  @ManyToOne(() => AcademicYear)
  @JoinColumn({ name: 'academic_year_id' })
  academicYear?: AcademicYear;

  /** Rows of course_teachers; written by the service with plain SQL, read by joins or a loader. */
  @ManyToMany(() => User)
  @JoinTable({
    name: 'course_teachers',
    joinColumn: { name: 'course_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'teacher_id', referencedColumnName: 'id' },
  })
  teachers?: User[];

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdById: string | null;

  @Field({ description: 'When the course was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When the course was last changed.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
