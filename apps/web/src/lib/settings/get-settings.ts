// GET /api/settings.php: the site's settings for this host, loaded once per page load.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Settings } from '@app/contracts';
import { apiRequest } from '../api-client.ts';

export const settingsKeys = { all: ['settings'] as const };

export function getSettings(): Promise<{ settings: Settings }> {
  const query = Object.fromEntries(new URLSearchParams(window.location.search));
  return apiRequest('settings.php', {
    query: { ...query, 'forced-domain': window.location.hostname },
    response: 'settingsResponseSchema',
  });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: getSettings,
    staleTime: Infinity,
    gcTime: Infinity,
    select: (data) => data.settings,
  });

export function useSettings(): Settings {
  return useSuspenseQuery(settingsQueryOptions()).data;
}
