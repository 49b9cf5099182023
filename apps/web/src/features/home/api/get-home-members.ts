// GET /api/home-members.php: a few members with a public main photo for the home page (visitors only where the site lets them search).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { readTracking } from '../../../lib/tracking.ts';

/** Six faces in the hero, six cards below it. */
export const HOME_MEMBERS_LIMIT = 12;

export const homeMembersKeys = {
  all: ['home-members'] as const,
  list: (limit: number) => [...homeMembersKeys.all, limit] as const,
};

export function getHomeMembers(limit: number) {
  const { network, ref } = readTracking();
  return apiRequest('home-members.php', {
    query: { limit, ...(network ? { network } : {}), ...(ref ? { ref } : {}) },
    response: 'homeMembersResponseSchema',
  });
}

export const homeMembersQueryOptions = (limit = HOME_MEMBERS_LIMIT) =>
  queryOptions({
    queryKey: homeMembersKeys.list(limit),
    queryFn: () => getHomeMembers(limit),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useHomeMembers = (limit = HOME_MEMBERS_LIMIT) => useQuery(homeMembersQueryOptions(limit));
