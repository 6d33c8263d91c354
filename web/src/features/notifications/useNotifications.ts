import { useCallback, useState } from 'react';
import {
  useBellQuery,
  useMarkAllReadMutation,
  useMarkReadMutation,
  useUnreadCountQuery,
  type NotificationRowFragment,
} from './notifications.generated';
import { useStudentDashboardQuery } from '../classes/classes.generated';

export type NotificationRow = NotificationRowFragment;

/** How many of the latest notices the bell's menu shows. */
export const BELL_LIMIT = 10;
/**
 * The bell asks again this often while the tab is visible (a hidden tab asks nothing). A minute is modest for
 * news that is never urgent to the second, and a plain request passes every proxy and instance (as the grading
 * dashboard's polling does).
 */
export const BELL_POLL_MS = 60_000;

const hiddenTab = () => typeof document !== 'undefined' && document.visibilityState !== 'visible';

/**
 * The bell: the unread count (the session's Me query brought it, so the first page load sends nothing more;
 * then polled), the latest notices once the panel is opened, and marking read (one, all).
 */
export function useBell() {
  const count = useUnreadCountQuery({ fetchPolicy: 'cache-first', pollInterval: BELL_POLL_MS, skipPollAttempt: hiddenTab });
  const [opened, setOpened] = useState(false);
  const { data, loading, refetch } = useBellQuery({ variables: { first: BELL_LIMIT }, skip: !opened });
  const [markReadMutation] = useMarkReadMutation();
  const [markAllReadMutation] = useMarkAllReadMutation({ refetchQueries: ['Bell', 'UnreadCount'] });

  const markRead = useCallback(
    async (n: NotificationRow) => {
      if (n.readAt) return;
      await markReadMutation({
        variables: { id: n.id },
        // the notice updates itself by id; the badge is a root field
        update: (cache) => cache.modify({ id: 'ROOT_QUERY', fields: { unreadCount: (count: number) => Math.max(0, count - 1) } }),
      });
    },
    [markReadMutation],
  );

  const markAllRead = useCallback(async () => {
    await markAllReadMutation();
  }, [markAllReadMutation]);

  return {
    items: data?.notifications.nodes ?? [],
    unread: count.data?.unreadCount ?? 0,
    loading: loading || !opened,
    /** The panel opens: its list is asked for (the first time by mounting the query, later again). */
    refresh: () => {
      if (!opened) setOpened(true);
      else void refetch().catch(() => undefined);
    },
    markRead,
    markAllRead,
  };
}

/**
 * The student dashboard's To Do: part of the dashboard's one request. The card shows once that request has
 * answered, so it reads the answer from the cache (cache-and-network here would ask the server a second time).
 */
export function useTodo() {
  const { data, loading, error } = useStudentDashboardQuery({ fetchPolicy: 'cache-first', errorPolicy: 'all' });
  return { items: data?.todo ?? [], loading: loading && !data, error: data?.todo ? undefined : error };
}
