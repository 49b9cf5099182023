// GET /api/likes-member.php?id=: the likes between the member and one other member (/likes/m/{id}); clears like_new.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LikesMemberResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getLikesMember = (id: number) => apiRequest<LikesMemberResponse>('likes-member.php', { query: { id } });

export const likesMemberQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['likes-member', id], queryFn: () => getLikesMember(id), staleTime: 0 });

export const useLikesMember = (id: number) => useQuery(likesMemberQueryOptions(id));
