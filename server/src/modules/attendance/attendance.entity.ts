import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AttendanceStatus } from './attendance-status';
import { AttendanceClass, AttendancePerson, AttendanceSubject, AttendanceYear } from './attendance.refs';

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
    description: 'Starts at 1 and grows with each change; send it back as expectedVersion so a concurrent change is refused instead of overwritten.',
  })
  @Column({ type: 'int', default: 1 })
  version: number;

  @Field({ description: 'When the record was first marked.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When the record was last changed.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => AttendancePerson, { description: 'The student.' })
  student: AttendancePerson;

  @Field(() => AttendanceClass, { description: 'The class, with its grade.' })
  class: AttendanceClass;

  @Field(() => AttendanceSubject, { description: 'The subject.' })
  subject: AttendanceSubject;

  @Field(() => AttendanceYear, { description: 'The academic year the record belongs to.' })
  academicYear: AttendanceYear;

  @Field(() => AttendancePerson, { nullable: true, description: 'The teacher who marked it last (null once their account is gone).' })
  teacher: AttendancePerson | null;
}
