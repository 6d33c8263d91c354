import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a notification is about (issue 17 point 4); the database CHECK names the same words. */
export enum NotificationKind {
  announcement = 'announcement',
  graded = 'graded',
  released = 'released',
  reopened = 'reopened',
  dueSoon = 'dueSoon',
  reply = 'reply',
}

registerEnumType(NotificationKind, {
  name: 'NotificationKind',
  description: 'What a notification is about.',
  valuesConfig: {
    announcement: { description: 'A new announcement in one of your courses.' },
    graded: { description: 'Your work was graded and you may see the result.' },
    released: { description: 'The results of an item were released.' },
    reopened: { description: 'A teacher reopened an item for you (or extended it again).' },
    dueSoon: { description: 'An item you have not submitted is due within 24 hours.' },
    reply: { description: 'Someone replied to your discussion post.' },
  },
});

@ObjectType({ description: 'A notice for one user (the bell); written by the change it reports, in the same transaction.' })
@Entity('notifications')
export class Notification {
  @Field(() => ID, { description: 'Unique id (REST: _id).' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The recipient; only they read or mark it. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Field(() => NotificationKind, { description: 'What it is about.' })
  @Column({ type: 'text' })
  kind: NotificationKind;

  @Field({ description: 'The text the bell shows.' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'The page it is about, a path of the web app (e.g. /dashboard/courses/{id}?tab=announcements).' })
  @Column({ type: 'text' })
  link: string;

  @Field({ description: 'When it happened.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When you marked it read; null while unread.' })
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
