// GET /api/blocks.php: the members the member has blocked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

/** Query keys of the blocked-members list. */
export const blocksKeys = { all: ['blocks'] as const };

export const getBlocks = () => apiRequest('blocks.php', { response: 'blocksResponseSchema' });

export const blocksQueryOptions = () =>
  queryOptions({
    queryKey: blocksKeys.all,
    queryFn: getBlocks,
    meta: memberRelationsMeta('block'),
    select: (data) => data.profiles,
  });

export const useBlocks = () => useQuery(blocksQueryOptions());
