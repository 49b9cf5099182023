// GET /api/likes-member.php?id=: the likes between the member and one other member (/likes/m/{id}); clears like_new.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const likesMemberKeys = {
  all: ['likes-member'] as const,
  member: (id: number) => [...likesMemberKeys.all, id] as const,
};

export const getLikesMember = (id: number) =>
  apiRequest('likes-member.php', { query: { id }, response: 'likesMemberResponseSchema' });

export const likesMemberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: likesMemberKeys.member(id),
    meta: memberRelationsMeta('like', 'block'),
    queryFn: () => getLikesMember(id),
    staleTime: 0,
  });

export const useLikesMember = (id: number) => useQuery(likesMemberQueryOptions(id));
