import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { Notification } from './notification.entity';
import { NotificationSettings, TodoItem } from './notifications.types';

/** A notification for REST: only its recipient ever gets it, so every field is theirs. */
export const presentNotification = presenter((_viewer: Actor, n: Notification) => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  link: n.link,
  createdAt: n.createdAt,
  readAt: n.readAt,
}));

export const presentTodoItem = presenter((_viewer: Actor, t: TodoItem) => ({ ...t }));

export const presentNotificationSettings = presenter((_viewer: Actor, s: NotificationSettings) => ({ dailyDigest: s.dailyDigest }));

export const presentCount = presenter((_viewer: Actor, count: number) => ({ count }));
