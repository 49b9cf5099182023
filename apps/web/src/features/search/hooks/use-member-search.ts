// The member search of /members: whose search it is, the member's default filters, the pages of the current filters.
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useOwnProfile } from '../../../lib/session/get-own-profile.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getResultCards, searchKeys, useSearchMembers } from '../api/search-members.ts';
import { getDefaultSearchFilters } from '../lib/search-defaults.ts';
import { EMPTY_FILTERS, mergeFilters, type SearchFilterValues } from '../lib/search-filters.ts';
import {
  claimSearchFilters,
  resetSearchFilters,
  setSearchFilters,
  useSearchFiltersStore,
} from '../lib/search-filters-store.ts';

export function useMemberSearch() {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const { data: user, isPending: isUserPending } = useUser();
  const ownProfile = useOwnProfile();
  const ownerId = isUserPending ? undefined : (user?.profile.id ?? null);
  // A member's defaults come from their profile; a failed profile load searches without them.
  const isProfileSettled = !user || !ownProfile.isPending;
  const profile = ownProfile.data ?? null;
  const store = useSearchFiltersStore();
  const isReady = ownerId !== undefined && isProfileSettled;

  const defaults = useCallback(
    (): Partial<SearchFilterValues> =>
      getDefaultSearchFilters(
        profile
          ? { gender: profile.gender, sexuality: profile.sexuality, show_me: profile.show_me, country: profile.country }
          : null,
        settings,
      ),
    [profile, settings],
  );

  useEffect(() => {
    if (ownerId === undefined || !isProfileSettled) return;
    claimSearchFilters(ownerId, defaults());
  }, [ownerId, isProfileSettled, defaults]);

  // Until the effect above has made the store this viewer's, the search is already the one it will start with (so the
  // first render, and the server's first view of the page, show its results).
  const isClaimed = store.ownerId === ownerId && store.didInit;
  const currentFilters = isClaimed ? store.filters : { ...EMPTY_FILTERS, ...defaults() };
  const query = useSearchMembers(ownerId ?? null, currentFilters, isReady);
  const firstPage = query.data?.pages[0];
  const error = query.error;
  const errorCode = error ? (error instanceof ApiError ? error.code : 'error_generic') : null;

  /** A search from its first page, also with unchanged filters (Search pressed again, Clear). */
  const startOver = (filters: SearchFilterValues) => {
    if (ownerId === undefined) return Promise.resolve();
    return queryClient.resetQueries({ queryKey: searchKeys.list(ownerId, filters), exact: true });
  };

  return {
    isReady,
    filters: currentFilters,
    cards: getResultCards(query.data?.pages),
    /** Counted on the first page; null before it loaded. */
    numResults: firstPage?.num_results ?? null,
    /** More matched than the server counts ("1000+"). */
    isNumResultsCapped: firstPage?.is_num_results_capped ?? false,
    similarResults: firstPage?.similar_results ?? [],
    similarNumResults: firstPage?.similar_num_results ?? 0,
    hasMorePages: query.hasNextPage,
    isLoading: query.isFetching,
    isFirstLoad: query.isPending || (query.isFetching && !query.isFetchingNextPage && !query.data),
    errorCode,
    /** Visitors: the site does not let them search (any further); show the signup prompt. */
    isLoginRequired: errorCode === 'login_required_search',
    search: (filters: Partial<SearchFilterValues>) => {
      const next = mergeFilters(currentFilters, filters);
      setSearchFilters(filters);
      return startOver(next);
    },
    /** Appends the next page; nothing on the last page or while a page loads. */
    loadMore: () => (query.hasNextPage && !query.isFetching ? query.fetchNextPage() : Promise.resolve()),
    retry: () => (query.data ? query.fetchNextPage() : query.refetch()),
    /** Back to the defaults, searched again. */
    clear: () => {
      const next = { ...EMPTY_FILTERS, ...defaults() };
      resetSearchFilters(next);
      return startOver(next);
    },
  };
}
