// A member's place as one line: city (or region), country, in the interface language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../lib/settings/get-regions.ts';

type Place = { city?: string | null; region?: string | null; country?: string | null };

/**
 * One `Intl.DisplayNames` per language for the whole page: building one loads ICU data (about 0.5 ms each), and a
 * results page used to build one per card.
 */
const countryNames = new Map<string, Intl.DisplayNames | null>();

function countryNamesFor(language: string): Intl.DisplayNames | null {
  let names = countryNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    countryNames.set(language, names);
  }
  return names;
}

export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const names = countryNamesFor(i18n.language);
  return useCallback((code: string) => names?.of(code) ?? code, [names]);
}

export function useRegionName(): (country: string | null | undefined, region: string | null | undefined) => string | null {
  const { data: regions } = useRegions();
  return useCallback(
    (country, region) => {
      if (!country || !region) return null;
      return regions?.[country]?.regions.find((entry) => entry.code === region)?.name ?? null;
    },
    [regions],
  );
}

export function useLocationText(): (place: Place) => string {
  const countryName = useCountryName();
  const regionName = useRegionName();
  return useCallback(
    (place: Place) => {
      const local = place.city || regionName(place.country, place.region);
      return [local, place.country ? countryName(place.country) : null].filter(Boolean).join(', ');
    },
    [countryName, regionName],
  );
}
