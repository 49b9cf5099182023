// GET /api/notifications.php: the member's per-type e-mail and push switches, invisible mode, showing the profile in
// the site's ads, and why mail stopped.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const notificationSettingsKeys = { all: ['notification-settings'] as const };

export const getNotificationSettings = () =>
  apiRequest('notifications.php', { response: 'notificationSettingsResponseSchema' });

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.all,
    queryFn: getNotificationSettings,
    staleTime: 60_000,
    select: (data) => data.settings,
  });

export const useNotificationSettings = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...notificationSettingsQueryOptions(), ...options });
