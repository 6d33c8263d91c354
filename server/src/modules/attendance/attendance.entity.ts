import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AttendanceStatus } from './attendance-status';
import { User } from '../users';
import { SchoolClass, Subject, AcademicYear } from '../academic';

/**
 * One student's attendance in one subject of one class on one day. The database keeps it unique per
 * (student, class, subject, date), so marking a day again updates the same rows.
 */
@ObjectType({ description: "One student's attendance in one subject of a class on one date." })
@Entity('attendance_records')
export class AttendanceRecord {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'student_id', type: 'uuid' })
  studentId: string;

  @Column({ name: 'class_id', type: 'uuid' })
  classId: string;

  @Column({ name: 'subject_id', type: 'uuid' })
  subjectId: string;

  @Column({ name: 'academic_year_id', type: 'uuid' })
  academicYearId: string;

  /** Who marked it last; kept (as null) when that teacher's account is deleted. */
  @Column({ name: 'teacher_id', type: 'uuid', nullable: true })
  teacherId: string | null;

  @Field({ description: 'The lesson day, YYYY-MM-DD (a calendar date, no time zone).' })
  @Column({ type: 'date' })
  date: string;

  @Field(() => AttendanceStatus, { description: 'Present, Absent or Late.' })
  @Column({ type: 'text' })
  status: AttendanceStatus;

  @Field(() => String, { nullable: true, description: 'Optional note, at most 200 characters.' })
  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Field(() => Int, {
    description:
      'Starts at 1 and grows with each change; send it back as expectedVersion so a concurrent change is refused instead of overwritten.',
  })
  @Column({ type: 'int', default: 1 })
  version: number;

  @Field({ description: 'When the record was first marked.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When the record was last changed.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  // GraphQL shows student, class, subject, academicYear and teacher as the real User, SchoolClass, Subject
  // and AcademicYear (attendance.resolver.ts): lists load them by joins in their one statement, anything
  // else falls back to the request's DataLoaders
  @ManyToOne(() => User)
  @JoinColumn({ name: 'student_id' })
  student?: User;

  @ManyToOne(() => SchoolClass)
  @JoinColumn({ name: 'class_id' })
  class?: SchoolClass;

  @ManyToOne(() => Subject)
  @JoinColumn({ name: 'subject_id' })
  subject?: Subject;

  @ManyToOne(() => AcademicYear)
  @JoinColumn({ name: 'academic_year_id' })
  academicYear?: AcademicYear;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'teacher_id' })
  teacher?: User | null;
}
