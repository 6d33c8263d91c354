import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users';
import { Versioned } from '../../db/versioned';

@ObjectType({ description: 'A notice from a teacher to the students of a course.' })
@Entity('announcements')
export class Announcement extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Title; required.' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'The text of the announcement; required.' })
  @Column({ type: 'text' })
  content: string;

  @Field({ description: 'False hides the announcement from students.' })
  @Column({ name: 'is_visible', default: true })
  isVisible: boolean;

  @Field(() => ID, { description: 'The course it belongs to (REST: course).' })
  @Column({ name: 'course_id', type: 'uuid' })
  courseId: string;

  /** Null once the author's account is deleted. */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  /** Joined by the lists; GraphQL falls back to a DataLoader when it is not loaded. */
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id' })
  author?: User | null;

  @Field({ description: 'When it was posted (the client shows date and time).' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When it was last changed.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
