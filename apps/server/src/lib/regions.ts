// Regions per country from the maintained country-region-data package, named by the site's region kind.
import { allCountries } from 'country-region-data';
import type { RegionsResponse } from '@app/contracts';
import type { RegionData } from '../db/schema/index.ts';

/**
 * Where the package's list is not what members pick from (migration 0029): Belgium's "province" select listed its 3
 * regions, so its 10 provinces and Brussels (ISO 3166-2:BE codes, which the geocoder's places also carry); the United
 * States' "state" select listed territories and the Armed Forces codes, so only the 50 states and DC stay.
 */
const BELGIAN_PROVINCES = [
  ['Antwerp', 'VAN'],
  ['Brussels', 'BRU'],
  ['East Flanders', 'VOV'],
  ['Flemish Brabant', 'VBR'],
  ['Hainaut', 'WHT'],
  ['Liège', 'WLG'],
  ['Limburg', 'VLI'],
  ['Luxembourg', 'WLX'],
  ['Namur', 'WNA'],
  ['Walloon Brabant', 'WBR'],
  ['West Flanders', 'VWV'],
] as const;
const US_NON_STATES = new Set(['AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI', 'AA', 'AE', 'AP']);

const byCountry = new Map(
  allCountries.map(([, code, regions]) => {
    const list: readonly (readonly [string, string?])[] =
      code === 'BE'
        ? BELGIAN_PROVINCES
        : code === 'US'
          ? regions.filter(([, regionCode]) => !US_NON_STATES.has(regionCode ?? ''))
          : regions;
    return [code, list.map(([name, regionCode]) => ({ code: regionCode ?? name, name }))];
  }),
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
