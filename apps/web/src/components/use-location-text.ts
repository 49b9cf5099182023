// A member's place as one line: city (or region), country, in the interface language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@app/contracts';
import { useRegions } from '../lib/settings/get-regions.ts';

type Place = { city?: string | null; region?: string | null; country?: string | null };

export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const { language } = i18n;
  return useCallback((code: string) => countryName(code, language), [language]);
}

export function useRegionName(): (
  country: string | null | undefined,
  region: string | null | undefined,
) => string | null {
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

/** A card's place line: the place and, when the list says it, how far ("Utrecht, Netherlands · 12 km away"). */
export function usePlaceLine(): (place: Place & { distance_km?: number }) => string {
  const { t } = useTranslation('members');
  const locationText = useLocationText();
  return useCallback(
    (place) =>
      [locationText(place), place.distance_km !== undefined ? t('discovery.distance', { km: place.distance_km }) : null]
        .filter(Boolean)
        .join(' · '),
    [locationText, t],
  );
}
