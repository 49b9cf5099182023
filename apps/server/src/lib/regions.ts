// Regions per country from the maintained country-region-data package, named by the site's region kind.
import { allCountries } from 'country-region-data';
import type { RegionsResponse } from '@app/contracts';
import type { RegionData } from '../db/schema/index.ts';

const byCountry = new Map(
  allCountries.map(([, code, regions]) => [
    code,
    regions.map(([name, regionCode]) => ({ code: regionCode ?? name, name })),
  ]),
);

export function regionsOf(country: string) {
  return byCountry.get(country as (typeof allCountries)[number][1]) ?? [];
}

/** A region's name (`FI-11` → "Pirkanmaa"), or null when `region` is not one of `country`'s codes. */
export function regionName(country: string | null | undefined, region: string | null | undefined): string | null {
  if (!country || !region) return null;
  return regionsOf(country).find((known) => known.code === region)?.name ?? null;
}

/** Whether `region` is one of `country`'s (the codes GET /api/regions.php answers). The one region check of signup and profile. */
export function isRegionOf(country: string, region: string): boolean {
  return regionsOf(country).some((known) => known.code === region);
}

export function regionsForCountries(countries: readonly string[], regionData: RegionData): RegionsResponse['regions'] {
  return Object.fromEntries(
    countries.map((country) => [country, { kind: regionData[country]?.kind ?? 'region', regions: regionsOf(country) }]),
  );
}
