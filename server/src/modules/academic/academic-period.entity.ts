import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The kinds of period inside a year; values in OneRoster's words (academicSession type), as REST and the database keep them. */
export enum PeriodType {
  term = 'term',
  gradingPeriod = 'gradingPeriod',
}

export const PERIOD_TYPES = Object.values(PeriodType);

registerEnumType(PeriodType, {
  name: 'AcademicPeriodType',
  description: "A period inside an academic year (OneRoster academicSession type; REST: 'term', 'gradingPeriod').",
  valuesConfig: {
    term: { description: 'A term of the year (the year itself is one term when it has none).' },
    gradingPeriod: { description: 'A grading period, inside the year and possibly inside a term.' },
  },
});

@ObjectType({
  description:
    "A term or a grading period inside an academic year (OneRoster academicSessions); entered on the academic years page or imported from a school's SIS.",
})
@Entity('academic_periods')
export class AcademicPeriod {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The academic year it lies in.' })
  @Column({ name: 'academic_year_id', type: 'uuid' })
  academicYearId: string;

  @Field(() => ID, { nullable: true, description: 'For a grading period: the term it lies in, if any.' })
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId: string | null;

  @Field(() => PeriodType, { description: 'A term or a grading period.' })
  @Column({ type: 'text' })
  type: PeriodType;

  @Field({ description: 'Title, such as Autumn term.' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'First day (YYYY-MM-DD), inside the year (and the term, for a grading period in one).' })
  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Field({ description: 'Last day (YYYY-MM-DD), after the first day, inside the year (and the term).' })
  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
