import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@ObjectType({ description: 'A school year such as 2025; classes and teacher assignments belong to one.' })
@Entity('academic_years')
export class AcademicYear {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The year as text, such as 2025; unique regardless of case.' })
  @Column({ type: 'text' })
  year: string;

  @Field({ description: 'Active years are current; inactive ones are kept for history.' })
  @Column({ name: 'is_active', default: true })
  isActive: boolean;

  @Field(() => Int, { description: 'Increases with every change; send it back on update to be told of concurrent edits.' })
  @Column({ type: 'int', default: 1 })
  version: number;

  @Field({ description: 'When the year was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
