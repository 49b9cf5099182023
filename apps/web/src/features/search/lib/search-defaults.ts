// The filters a member's first search starts with: the gender their sexuality looks for, and their own country.
import { defaultSearchGender, type ProfileGender, type Settings, type Sexuality, type ShowMe } from '@app/contracts';
import type { SearchFilterValues } from './search-filters.ts';

type Preferences = {
  gender: ProfileGender | null;
  sexuality: Sexuality | null;
  show_me?: ShowMe | null;
  country: string | null;
};

/** The gender the member looks for (the contracts' orientation rule), or '' (everyone) when both. */
export function getPreferredGender(profile: Pick<Preferences, 'gender' | 'sexuality' | 'show_me'>): string {
  return defaultSearchGender(profile.gender, profile.sexuality, profile.show_me ?? null) ?? '';
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
