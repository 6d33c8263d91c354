import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AssessmentKind } from '../assessments';
import { Connection } from '../../core/paging';
import { Notification } from './notification.entity';

@ObjectType({ description: 'Your notification settings (Settings page).' })
export class NotificationSettings {
  @Field({ description: 'Receive a daily digest mail when something is unread or due; true unless you turned it off.' })
  dailyDigest: boolean;
}

@InputType({ description: 'Changes to your notification settings (REST: PUT /api/notifications/settings).' })
export class UpdateNotificationSettingsInput {
  @Field({ description: 'Receive the daily digest mail.' })
  dailyDigest: boolean;
}

@ObjectType({ description: "An item on a student's To Do: due soon and not yet submitted." })
export class TodoItem {
  @Field(() => ID, { description: 'The assessment (REST: _id).' })
  id: string;

  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  kind: AssessmentKind;

  @Field({ description: 'Its title.' })
  title: string;

  @Field(() => ID, { description: 'Its course.' })
  courseId: string;

  @Field({ description: 'The due date that applies to you (a reopened item: the new one).' })
  dueDate: Date;

  @Field({ description: 'The page where you submit it.' })
  link: string;
}

@ObjectType({ description: 'How many notifications were marked read.' })
export class MarkAllReadPayload {
  @Field(() => Int, { description: 'The number of notifications that were unread and are now read.' })
  count: number;
}

export const NotificationConnection = Connection(Notification, 'Notification', 'your notifications, newest first');
