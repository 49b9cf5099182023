// The filters of the member search, kept for the tab (going back from a profile finds them): a small zustand store. The pages live in the query cache.
import { create } from 'zustand';
import { EMPTY_FILTERS, mergeFilters, type SearchFilterValues } from './search-filters.ts';

type SearchFiltersState = {
  /** Whose search this is (a profile id, null for a visitor); undefined until the session is known. */
  ownerId: number | null | undefined;
  filters: SearchFilterValues;
  /** The filters were set from the member's defaults once. */
  didInit: boolean;
};

const INITIAL: SearchFiltersState = { ownerId: undefined, filters: EMPTY_FILTERS, didInit: false };

export const useSearchFiltersStore = create<SearchFiltersState>()(() => INITIAL);

/**
 * Makes the store this viewer's: another member's or a visitor's filters are not kept. Then sets the starting
 * filters once (the member's defaults); later calls keep what the member chose.
 */
export function claimSearchFilters(ownerId: number | null, defaults: Partial<SearchFilterValues>): void {
  const state = useSearchFiltersStore.getState();
  if (state.ownerId === ownerId && state.didInit) return;
  useSearchFiltersStore.setState({ ownerId, filters: { ...EMPTY_FILTERS, ...defaults }, didInit: true });
}

/** New filters from the form. */
export function setSearchFilters(filters: Partial<SearchFilterValues>): void {
  useSearchFiltersStore.setState((state) => ({ filters: mergeFilters(state.filters, filters), didInit: true }));
}

/** Back to the given filters (the Clear button). */
export function resetSearchFilters(filters: Partial<SearchFilterValues>): void {
  useSearchFiltersStore.setState({ filters: { ...EMPTY_FILTERS, ...filters }, didInit: true });
}

/** Forgets everything (tests). */
export function resetSearchFiltersStore(): void {
  useSearchFiltersStore.setState(INITIAL, true);
}
