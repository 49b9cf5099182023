// GET /api/signup-matches.php: twelve members with a photo that suit a new member, not liked yet.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const signupMatchesKeys = { all: ['signup-matches'] as const };

export const getSignupMatches = () => apiRequest('signup-matches.php', { response: 'signupMatchesResponseSchema' });

/** Kept while the page is open: liking must not reshuffle the suggestions (liked ones would drop out). */
export const signupMatchesQueryOptions = () =>
  queryOptions({
    queryKey: signupMatchesKeys.all,
    meta: memberRelationsMeta('block'),
    queryFn: getSignupMatches,
    staleTime: Infinity,
    select: (data) => data.profiles,
  });

export const useSignupMatches = () => useQuery(signupMatchesQueryOptions());
