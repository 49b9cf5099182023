// Drives the search store for the /members page: whose search it is, the first search with the member's defaults, the fetcher.
import { useCallback, useEffect } from 'react';
import type { SearchQuery } from '@app/contracts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useOwnProfile } from '../../../lib/session/get-own-profile.ts';
import { readTracking } from '../../../lib/tracking.ts';
import { searchMembers } from '../api/search-members.ts';
import { getDefaultSearchFilters } from '../lib/search-defaults.ts';
import {
  claimSearchStore,
  getSearchState,
  initSearchFilters,
  loadNextPage,
  resetSearch,
  runSearch,
  useSearchState,
  type SearchFetcher,
  type SearchFilterValues,
} from '../lib/search-store.ts';

export function useMemberSearch() {
  const state = useSearchState();
  const settings = useSettings();
  const { data: user, isPending: isUserPending } = useUser();
  const ownProfile = useOwnProfile();
  const ownerId = isUserPending ? undefined : (user?.profile.id ?? null);
  // A member's defaults come from their profile; a failed profile load searches without them.
  const isProfileSettled = !user || !ownProfile.isPending;
  const profile = ownProfile.data ?? null;
  const isVisitor = ownerId === null;

  /** Visitors send the traffic source they came with (logged_out_search_trafficsource). */
  const fetcher: SearchFetcher = useCallback(
    (query: SearchQuery, signal?: AbortSignal) => {
      if (!isVisitor) return searchMembers(query, signal);
      const { network, ref } = readTracking();
      return searchMembers({ ...query, ...(network ? { network } : {}), ...(ref ? { ref } : {}) }, signal);
    },
    [isVisitor],
  );

  const defaults = useCallback(
    (): Partial<SearchFilterValues> =>
      getDefaultSearchFilters(profile ? { gender: profile.gender, sexuality: profile.sexuality, country: profile.country } : null, settings),
    [profile, settings],
  );

  useEffect(() => {
    if (ownerId === undefined || !isProfileSettled) return;
    claimSearchStore(ownerId);
    const current = getSearchState();
    if (!current.didInit) initSearchFilters(defaults());
    const after = getSearchState();
    if (after.results.length === 0 && after.status === 'idle') void runSearch(fetcher);
  }, [ownerId, isProfileSettled, defaults, fetcher]);

  return {
    state,
    isReady: ownerId !== undefined && isProfileSettled,
    search: (filters: Partial<SearchFilterValues>) => runSearch(fetcher, filters),
    loadMore: () => loadNextPage(fetcher),
    retry: () => (getSearchState().results.length > 0 ? loadNextPage(fetcher) : runSearch(fetcher)),
    clear: () => {
      resetSearch(defaults());
      return runSearch(fetcher);
    },
  };
}
