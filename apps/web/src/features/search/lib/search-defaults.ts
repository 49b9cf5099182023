// The filters a member's first search starts with: the gender their sexuality looks for, and their own country.
import { defaultSearchGender, type Gender, type Settings, type Sexuality } from '@app/contracts';
import type { SearchFilterValues } from './search-filters.ts';

type Preferences = { gender: Gender | null; sexuality: Sexuality | null; country: string | null };

/** The gender the member looks for (the contracts' orientation rule), or '' (everyone) when both. */
export function getPreferredGender(profile: Pick<Preferences, 'gender' | 'sexuality'>): string {
  return defaultSearchGender(profile.gender, profile.sexuality) ?? '';
}

/** Only filters the site offers (settings.search_fields) get a default; visitors start with none. */
export function getDefaultSearchFilters(
  profile: Preferences | null,
  settings: Pick<Settings, 'search_fields' | 'countries'>,
): Partial<SearchFilterValues> {
  if (!profile) return {};
  const offers = (field: string) => settings.search_fields.includes(field);
  const filters: Partial<SearchFilterValues> = {};
  const gender = getPreferredGender(profile);
  if (gender && offers('gender')) filters.gender = gender;
  if (profile.country && offers('country') && settings.countries.includes(profile.country))
    filters.country = profile.country;
  return filters;
}
