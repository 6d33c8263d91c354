import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Versioned } from '../../db/versioned';

@ObjectType({ description: 'A subject such as Mathematics, taught in many classes and years.' })
@Entity('subjects')
export class Subject extends Versioned {
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

  @Field({ description: 'When the subject was created.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
