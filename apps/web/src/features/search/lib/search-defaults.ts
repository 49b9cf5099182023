// The filters a member's first search starts with: the gender their sexuality looks for, and their own country.
import type { Settings } from '@app/contracts';
import type { SearchFilterValues } from './search-filters.ts';

type Preferences = { gender: string | null; sexuality: string | null; country: string | null };

/** hetero: the other gender; gay: men; lesbian: women; bi or unknown: everyone (''). */
export function getPreferredGender(profile: Pick<Preferences, 'gender' | 'sexuality'>): string {
  if (profile.sexuality === 'gay') return 'male';
  if (profile.sexuality === 'lesbian') return 'female';
  if (profile.sexuality === 'hetero' && profile.gender) return profile.gender === 'male' ? 'female' : 'male';
  return '';
}

/** Only filters the site offers (settings.search_fields) get a default; visitors start with none. */
export function getDefaultSearchFilters(profile: Preferences | null, settings: Pick<Settings, 'search_fields' | 'countries'>): Partial<SearchFilterValues> {
  if (!profile) return {};
  const offers = (field: string) => settings.search_fields.includes(field);
  const filters: Partial<SearchFilterValues> = {};
  const gender = getPreferredGender(profile);
  if (gender && offers('gender')) filters.gender = gender;
  if (profile.country && offers('country') && settings.countries.includes(profile.country)) filters.country = profile.country;
  return filters;
}
