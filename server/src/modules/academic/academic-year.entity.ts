import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Versioned } from '../../db/versioned';

@ObjectType({ description: 'A school year such as 2025; classes and allocations belong to one.' })
@Entity('academic_years')
export class AcademicYear extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The year as text, such as 2025; unique regardless of case.' })
  @Column({ type: 'text' })
  year: string;

  @Field({ description: 'Active years are current; inactive ones are kept for history.' })
  @Column({ name: 'is_active', default: false })
  isActive: boolean;

  @Field(() => String, {
    nullable: true,
    description: "First day (YYYY-MM-DD); null when none was entered (OneRoster then reads it from the year's name).",
  })
  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Field(() => String, { nullable: true, description: 'Last day (YYYY-MM-DD), after the first; null when none was entered.' })
  @Column({ name: 'end_date', type: 'date', nullable: true })
  endDate: string | null;

  @Field({ description: 'When the year was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
