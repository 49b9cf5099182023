// GET /api/member.php?id=: another member's profile as this viewer may see it; opening it clears that member's like_new.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const memberKeys = { all: ['member'] as const, detail: (id: number) => [...memberKeys.all, id] as const };

export const getMember = (id: number) => apiRequest('member.php', { query: { id }, response: 'memberResponseSchema' });

export const memberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: memberKeys.detail(id),
    meta: memberRelationsMeta('like', 'block'),
    queryFn: () => getMember(id),
    // A profile read in the last seconds is shown as it is (the page's first view carried it: the app does not ask
    // again when it takes over); likes and blocks invalidate it at once (memberRelationsMeta).
    staleTime: 10_000,
    select: (data) => data.member,
  });

export const useMember = (id: number) =>
  useQuery({ ...memberQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
