// GET /api/search.php: one page of members matching the filters (the first page also counts and adds similar results).
import type { SearchQuery, SearchResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Pages are kept by the search store (SPEC section 3 "Search store"), not by the query cache, so this
 * endpoint has a fetcher only. 4xx answers are not retried by the API client.
 */
export const searchMembers = (query: SearchQuery, signal?: AbortSignal) =>
  apiRequest<SearchResponse>('search.php', { query: { ...query }, signal });
