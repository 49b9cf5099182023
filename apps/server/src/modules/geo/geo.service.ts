// GET /api/geocode.php: the browser's position to country, region (a regions.php code) and city.
import { GEOCODE_MAX_DISTANCE_KM, type Geocode } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { isRegionOf } from '../../lib/regions.ts';
import type { Geocoder } from './geocoder.ts';

/**
 * The places' subdivision codes (ISO 3166-2, in the geocoder's table of places) and the region codes of regions.php
 * (country-region-data) mostly agree. Where they differ: Denmark and Finland carry the country prefix there; Poland's
 * voivodeships have the former numeric ISO codes there (and in the table), their current letter codes map too; Spain's
 * single-province communities map to their province.
 * Spain's other communities, Ireland's provinces and the United Kingdom's nations have no one region there: null
 * (the member picks the region; docs/geolocation.md).
 */
const REGION_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  PL: {
    DS: '02',
    KP: '04',
    LU: '06',
    LB: '08',
    LD: '10',
    MA: '12',
    MZ: '14',
    OP: '16',
    PK: '18',
    PD: '20',
    PM: '22',
    SL: '24',
    SK: '26',
    WN: '28',
    WP: '30',
    ZP: '32',
  },
  ES: { MD: 'M', AS: 'O', CB: 'S', RI: 'LO', NC: 'NA', MC: 'MU', PM: 'PM', CE: 'CE', ML: 'ML' },
};

export function regionCodeOf(country: string, state: string): string | null {
  for (const candidate of [state, `${country}-${state}`, REGION_ALIASES[country]?.[state]]) {
    if (candidate && isRegionOf(country, candidate)) return candidate;
  }
  return null;
}

export type GeoSite = { countries: readonly string[] };

export function createGeoService(deps: { geocoder: Geocoder }) {
  return {
    /** 404 `location_unknown` when no named place lies within GEOCODE_MAX_DISTANCE_KM. */
    reverse(site: GeoSite, latitude: number, longitude: number): Geocode {
      const place = deps.geocoder.reverse(latitude, longitude, GEOCODE_MAX_DISTANCE_KM);
      if (!place) throw new AppError(404, 'location_unknown');
      return {
        country: place.country,
        // Only a code regions.php knows for that country can prefill the region select.
        region: regionCodeOf(place.country, place.state),
        city: place.city,
        in_site: site.countries.includes(place.country),
        distance_km: Math.round(place.distanceKm * 10) / 10,
      };
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
