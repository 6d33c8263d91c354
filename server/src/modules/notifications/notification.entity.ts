import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, VirtualColumn } from 'typeorm';
import { AssessmentKind } from '../assessments';
import { ITEM_KIND_SQL, NotificationTarget, notificationLink } from './notifications.targets';

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

  /** What it points at (issue 29): the page, whose ids are the columns below; never a stored URL. */
  @Column({ type: 'text' })
  target: NotificationTarget;

  /** The course it is about (a course's tab needs it). */
  @Column({ name: 'course_id', type: 'uuid', nullable: true })
  courseId: string | null;

  /** The item it is about (an item's page needs it). */
  @Column({ name: 'assessment_id', type: 'uuid', nullable: true })
  assessmentId: string | null;

  /** The kind of that item, read with the row (its page's path depends on it); null without one. */
  @VirtualColumn({ type: 'text', query: ITEM_KIND_SQL })
  itemKind: AssessmentKind | null;

  @Field(() => String, { description: 'The page it is about, a path of the web app (e.g. /dashboard/courses/{id}?tab=announcements).' })
  get link(): string {
    return notificationLink(this);
  }

  @Field({ description: 'When it happened.' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When you marked it read; null while unread.' })
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
