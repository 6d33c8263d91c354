import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users';
import { Versioned } from '../../db/versioned';

@ObjectType({ description: 'A discussion thread of a course, or a reply in one (parentDiscussionId set).' })
@Entity('discussions')
export class Discussion extends Versioned {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: "Title; a reply's defaults to 'Re: ' plus the thread's title." })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'The text of the post; required.' })
  @Column({ type: 'text' })
  content: string;

  @Field(() => ID, { description: 'The course it belongs to (REST: course).' })
  @Column({ name: 'course_id', type: 'uuid' })
  courseId: string;

  @Field(() => ID, { nullable: true, description: 'The thread this reply belongs to; null for a thread (REST: parentDiscussion).' })
  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentDiscussionId: string | null;

  /** Null once the author's account is deleted. */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  /** Joined by the lists; GraphQL falls back to a DataLoader when it is not loaded. */
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id' })
  author?: User | null;

  @Field({ description: 'When it was posted.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field({ description: 'When it was last changed.' })
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** A thread's replies when the list loaded them already (oldest first). */
  replies?: Discussion[];
}
