// Search filters as the form holds them, and how they become the API query (SPEC section 3).
import type { SearchQuery } from '@app/contracts';

/** Filter values as the form holds them: '' means "any". `countryregion` is the spec's name for the region filter. */
export type SearchFilterValues = {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
  /** '1': verified members only (members; docs/verification.md). */
  verified: string;
};

export const EMPTY_FILTERS: SearchFilterValues = {
  gender: '',
  country: '',
  countryregion: '',
  min_age: '',
  max_age: '',
  verified: '',
};

export function pickFilters(values: SearchFilterValues): SearchFilterValues {
  return {
    gender: values.gender,
    country: values.country,
    countryregion: values.countryregion,
    min_age: values.min_age,
    max_age: values.max_age,
    verified: values.verified === '1' ? '1' : '',
  };
}

/** New filters over the current ones; a region belongs to its country and goes with it. */
export function mergeFilters(current: SearchFilterValues, filters: Partial<SearchFilterValues>): SearchFilterValues {
  const next = { ...pickFilters(current), ...filters };
  if (next.country !== current.country && filters.countryregion === undefined) next.countryregion = '';
  if (!next.country) next.countryregion = '';
  return next;
}

/** The query of one page. */
export function toSearchQuery(filters: SearchFilterValues, cursor?: string | null): SearchQuery {
  const query: SearchQuery = {};
  if (filters.gender === 'male' || filters.gender === 'female') query.gender = filters.gender;
  if (filters.country) query.country = filters.country;
  if (filters.country && filters.countryregion) query.region = filters.countryregion;
  const minAge = Number.parseInt(filters.min_age, 10);
  const maxAge = Number.parseInt(filters.max_age, 10);
  if (Number.isFinite(minAge)) query.min_age = minAge;
  if (Number.isFinite(maxAge)) query.max_age = maxAge;
  if (filters.verified === '1') query.verified = '1';
  if (cursor) query.cursor = cursor;
  return query;
}
