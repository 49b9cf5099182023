// A member's place as one line: city (or region), country, in the interface language; the region field's label.
import { useCallback, useMemo } from 'react';
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

/**
 * Countries whose regions have a name of their own, said before the site's kind for the country (`region_data`): a
 * German or Austrian region is a Bundesland, not a Bundesstaat (a US state); a Swiss one a Kanton. The texts are
 * `accounts:regionLabels.<country>` and `members:search.anyRegionOfCountry.<country>` in every locale.
 */
export const REGION_LABEL_COUNTRIES: readonly string[] = ['DE', 'AT', 'CH'];

/** The region field's label and its "all" option for a country (by its own term, else by the site's kind for it). */
export function useRegionLabels(): {
  label: (country: string | null | undefined, kind: string) => string;
  anyLabel: (country: string | null | undefined, kind: string) => string;
} {
  const { t } = useTranslation(['accounts', 'members']);
  return useMemo(() => {
    const own = (country: string | null | undefined) => !!country && REGION_LABEL_COUNTRIES.includes(country);
    return {
      label: (country, kind) =>
        own(country) ? t(`accounts:regionLabels.${country}`) : t(`accounts:regionKinds.${kind}`),
      anyLabel: (country, kind) =>
        own(country) ? t(`members:search.anyRegionOfCountry.${country}`) : t(`members:search.anyRegionOfKind.${kind}`),
    };
  }, [t]);
}
