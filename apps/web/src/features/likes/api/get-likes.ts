// GET /api/likes.php: the members the member likes and who likes the member (SPEC section 7); the top navigation polls it.
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikesResponse, User } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { getUserRefreshInterval } from '../../../lib/session/user-refresh.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';
import { usePushStore } from '../../../lib/push.ts';

/** Query keys of the member's likes (the counts in the navigation). */
export const likesKeys = { all: ['likes'] as const };

export const getLikes = () => apiRequest('likes.php', { response: 'likesResponseSchema' });

export const likesQueryOptions = () =>
  queryOptions({
    queryKey: likesKeys.all,
    meta: memberRelationsMeta('like', 'block'),
    queryFn: getLikes,
    staleTime: 30_000,
  });

/** Likes of a member; visitors have none (no request is made). */
export function useLikes() {
  const { data: user } = useUser();
  return useQuery({ ...likesQueryOptions(), enabled: Boolean(user) });
}

/** SPEC sections 7 and 9: refreshed like the user, the first time 5 s after loading, then every 60 s (300 s with push). */
export function getLikesRefreshInterval(user: User | null | undefined, fetchCount: number): number | false {
  return getUserRefreshInterval(user, fetchCount);
}

/** The one polling observer (mounted once, by the members' top navigation); a like or match push refreshes it at once. */
export function useLikesRefresh() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const lastPush = usePushStore((store) => store.lastMessage);
  useEffect(() => {
    if (lastPush?.type === 'like') void queryClient.invalidateQueries({ queryKey: likesKeys.all });
  }, [lastPush, queryClient]);
  return useQuery({
    ...likesQueryOptions(),
    enabled: Boolean(user),
    refetchInterval: (query) => getLikesRefreshInterval(user, query.state.dataUpdateCount),
  });
}

/** SPEC section 3: the new-likes total is the number of liked_by entries still flagged like_new. */
export function countNewLikes(likes: Pick<LikesResponse, 'liked_by'> | undefined): number {
  return likes?.liked_by.filter((entry) => entry.like_new).length ?? 0;
}

/**
 * The new-likes count as the cache holds it, without fetching or polling (the navigation's observer does that): the
 * page title's count reads it from the root, so it stays while layouts change.
 */
export function useCachedNewLikes(): number {
  const { data } = useQuery({ ...likesQueryOptions(), enabled: false });
  return countNewLikes(data);
}
