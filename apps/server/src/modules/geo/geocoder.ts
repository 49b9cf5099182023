// Offline reverse geocoding: the nearest named place in country-state-city's data (about 148,000 cities and towns,
// each with its ISO 3166-2 subdivision code, the same codes regions.php answers), found through a static k-d tree
// (kdbush) with great-circle distances (geokdbush). Nothing is downloaded at run time; the data ships in the npm
// package. The table is loaded on the first lookup (about 0.5 s and 15 MB), not at start-up.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import type { Coordinates } from '../../lib/nearest.ts';

/** One row of the package's city.json: name, country, subdivision code, latitude, longitude (as text). */
export type CityRow = [name: string, country: string, state: string, latitude: string, longitude: string];

export type Place = { country: string; state: string; city: string; distanceKm: number };

export type Geocoder = {
  /** The nearest place within `maxDistanceKm` of the position, or null. */
  reverse(latitude: number, longitude: number, maxDistanceKm: number): Place | null;
  /**
   * Where a named place of a country is: the city or town of that name (case and accents aside), the one in
   * subdivision `state` when several share the name and one is there, else the first; null when none is known.
   * How member and visitor places (country and city, as geocode.php names them) get a distance.
   */
  locate(country: string, city: string, state?: string | null): Coordinates | null;
};

/** A place name as the lookup compares it: lower case, accents and surrounding spaces dropped. */
export function placeKey(country: string, city: string): string {
  return `${country.toUpperCase()}|${city
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()}`;
}

function loadPackagedCities(): CityRow[] {
  const file = createRequire(import.meta.url).resolve('country-state-city/lib/assets/city.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CityRow[];
}

export function createGeocoder(loadRows: () => CityRow[] = loadPackagedCities): Geocoder {
  // Parallel arrays instead of the parsed rows: the 17 MB of JSON is garbage once the index is built.
  let loaded: { index: KDBush; names: string[]; places: string[]; coords: Float64Array } | null = null;
  // Row ids by country and name, built on the first forward lookup.
  let byName: Map<string, number[]> | null = null;
  function load() {
    if (loaded) return loaded;
    const rows = loadRows().filter((row) => Number.isFinite(Number(row[3])) && Number.isFinite(Number(row[4])));
    const index = new KDBush(rows.length);
    const names: string[] = [];
    // By row id (kdbush reorders its own coordinates while sorting).
    const coords = new Float64Array(rows.length * 2);
    const places: string[] = [];
    const interned = new Map<string, string>();
    for (const [id, row] of rows.entries()) {
      // kdbush keeps x = longitude, y = latitude, as geokdbush expects.
      coords[2 * id] = Number(row[4]);
      coords[2 * id + 1] = Number(row[3]);
      index.add(coords[2 * id]!, coords[2 * id + 1]!);
      names.push(row[0]);
      const place = `${row[1]}|${row[2]}`;
      if (!interned.has(place)) interned.set(place, place);
      places.push(interned.get(place)!);
    }
    index.finish();
    loaded = { index, names, places, coords };
    return loaded;
  }
  return {
    reverse(latitude, longitude, maxDistanceKm) {
      const { index, names, places, coords } = load();
      const [nearest] = around(index, longitude, latitude, 1, maxDistanceKm);
      if (nearest === undefined) return null;
      const [country, state] = places[nearest]!.split('|') as [string, string];
      const distanceKm = distance(longitude, latitude, coords[2 * nearest]!, coords[2 * nearest + 1]!);
      return { country, state, city: names[nearest]!, distanceKm };
    },
    locate(country, city, state) {
      if (!city.trim()) return null;
      const { names, places, coords } = load();
      if (!byName) {
        byName = new Map();
        for (const [id, name] of names.entries()) {
          const key = placeKey(places[id]!.slice(0, 2), name);
          const ids = byName.get(key);
          if (ids) ids.push(id);
          else byName.set(key, [id]);
        }
      }
      const ids = byName.get(placeKey(country, city));
      if (!ids) return null;
      const inState = state
        ? ids.find((candidate) => places[candidate] === `${country.toUpperCase()}|${state}`)
        : undefined;
      const id = inState ?? ids[0]!;
      return { latitude: coords[2 * id + 1]!, longitude: coords[2 * id]! };
    },
  };
}
