// GET /api/likes-list.php?type=liked|liked-by|matches&cursor=: one page of a likes list; pages follow next_cursor.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LikeListType } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const likesListKeys = {
  all: ['likes-list'] as const,
  type: (type: LikeListType) => [...likesListKeys.all, type] as const,
};

export const getLikesList = (type: LikeListType, cursor?: string) =>
  apiRequest('likes-list.php', { query: { type, cursor }, response: 'likesListResponseSchema' });

export const likesListQueryOptions = (type: LikeListType) =>
  infiniteQueryOptions({
    queryKey: likesListKeys.type(type),
    meta: memberRelationsMeta('like', 'block'),
    queryFn: ({ pageParam }) => getLikesList(type, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export const useLikesList = (type: LikeListType) => useInfiniteQuery(likesListQueryOptions(type));
