import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@ObjectType({ description: 'A subject such as Mathematics, taught in many classes and years.' })
@Entity('subjects')
export class Subject {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Name such as Mathematics; unique regardless of case.' })
  @Column({ type: 'text' })
  name: string;

  @Field({ description: 'Free text; empty when none was given.' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field({ description: 'Active subjects are offered; inactive ones are kept for history.' })
  @Column({ name: 'is_active', default: true })
  isActive: boolean;

  @Field(() => Int, { description: 'Increases with every change; send it back on update to be told of concurrent edits.' })
  @Column({ type: 'int', default: 1 })
  version: number;

  @Field({ description: 'When the subject was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
