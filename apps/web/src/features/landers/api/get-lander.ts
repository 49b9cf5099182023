// GET /api/landers.php: a landing page's payload, first view and styles, for a lander reached without its own HTML
// (client-side navigation, the Vite dev server). A lander loaded from the server needs none of it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const landersKeys = {
  all: ['landers'] as const,
  detail: (path: string, search: string) => [...landersKeys.all, path, search] as const,
};

export function getLander(path: string, search: string) {
  const query: Record<string, string> = { path };
  for (const [key, value] of new URLSearchParams(search)) if (key !== 'path') query[key] = value;
  return apiRequest('landers.php', { query, response: 'landersResponseSchema' });
}

export const landerQueryOptions = (path: string, search: string) =>
  queryOptions({
    queryKey: landersKeys.detail(path, search),
    queryFn: () => getLander(path, search),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export const useLander = (path: string, search: string, isEnabled: boolean) =>
  useQuery({ ...landerQueryOptions(path, search), enabled: isEnabled });
