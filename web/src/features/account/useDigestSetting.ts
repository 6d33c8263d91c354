import { useUpdateNotificationSettingsMutation } from '../notifications/notifications.generated';
import { useMySessionsQuery } from './account.generated';

/**
 * Settings: the daily digest switch. It reads the Settings page's own query (the same document, so Apollo sends
 * it once): the page loads with one request.
 */
export function useDigestSetting() {
  const { data, loading } = useMySessionsQuery();
  const [update, { loading: saving, error }] = useUpdateNotificationSettingsMutation({
    update: (cache, { data: d }) => {
      if (d) cache.modify({ id: 'ROOT_QUERY', fields: { notificationSettings: () => d.updateNotificationSettings } });
    },
  });
  return {
    dailyDigest: data?.notificationSettings.dailyDigest ?? true,
    loading,
    saving,
    error,
    setDailyDigest: (dailyDigest: boolean) => update({ variables: { input: { dailyDigest } } }),
  };
}
