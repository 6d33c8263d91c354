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
import { User } from '../users';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Versioned } from '../../db/versioned';

/**
 * Which teachers teach which subject in which class of which year. At most one per class, subject and
 * year; the class belongs to the same year (a composite foreign key keeps that true in the database).
 */
@ObjectType({ description: 'Which teachers teach a subject in a class during an academic year.' })
@Entity('allocations')
export class Allocation extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'class_id', type: 'uuid' })
  classId: string;

  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId: string;

  @Column({ name: 'academic_year_id', type: 'uuid' })
  academicYearId: string;

  // relations are loaded by joins for lists; GraphQL falls back to DataLoaders when they are not loaded
  @ManyToOne(() => SchoolClass)
  @JoinColumn({ name: 'class_id' })
  class?: SchoolClass;

  @ManyToOne(() => Subject)
  @JoinColumn({ name: 'subject_id' })
  subject?: Subject;

  @ManyToOne(() => AcademicYear)
  @JoinColumn({ name: 'academic_year_id' })
  academicYear?: AcademicYear;

  /** Rows of allocation_teachers; written by the service with plain SQL, read by joins. */
  @ManyToMany(() => User)
  @JoinTable({
    name: 'allocation_teachers',
    joinColumn: { name: 'allocation_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'teacher_id', referencedColumnName: 'id' },
  })
  teachers?: User[];

  @Field({ description: 'When the allocation was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
