import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AcademicYear } from './academic-year.entity';
import { Versioned } from '../../db/versioned';

/** "Class" in the spec; named SchoolClass because `Class` reads badly in code and in GraphQL. */
@ObjectType('SchoolClass', { description: 'A class such as Class 5A, in one academic year.' })
@Entity('classes')
export class SchoolClass extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Name such as Class 5A; unique (regardless of case) within its academic year.' })
  @Column({ type: 'text' })
  name: string;

  @Field({ description: 'Grade as text, such as 5.' })
  @Column({ type: 'text' })
  grade: string;

  /** Exposed as the `academicYear` object (REST: academicYear {_id, year}). */
  @Column({ name: 'academic_year_id', type: 'uuid' })
  academicYearId: string;

  /** Loaded by joins for lists; GraphQL falls back to a DataLoader when it is not loaded. */
  @ManyToOne(() => AcademicYear)
  @JoinColumn({ name: 'academic_year_id' })
  academicYear?: AcademicYear;

  @Field({ description: 'Free text; empty when none was given.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field({ description: 'Active classes are in use; inactive ones are kept for history.' })
  @Column({ name: 'is_active', default: true })
  isActive: boolean;

  @Field({ description: 'When the class was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
