// GET /api/blocks.php: the members the member has blocked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlocksResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getBlocks = () => apiRequest<BlocksResponse>('blocks.php');

export const blocksQueryOptions = () => queryOptions({ queryKey: ['blocks'], queryFn: getBlocks, select: (data) => data.profiles });

export const useBlocks = () => useQuery(blocksQueryOptions());
