// Offline reverse geocoding: the nearest named place in our own table of places (cities.tsv.br beside this file, built
// by scripts/build-cities.ts from GeoNames, CC BY 4.0: about 142,000 towns of at least 1,000 inhabitants, seats of
// administrative divisions and sections of towns under their towns' names, each with its ISO 3166-2 subdivision code,
// which geo.service maps to regions.php codes), found through a static k-d tree (kdbush) with great-circle distances
// (geokdbush). Nothing is downloaded at run time. The table is loaded on the first lookup (about 0.3 to 0.5 s), not at
// start-up (docs/geolocation.md).
import fs from 'node:fs';
import zlib from 'node:zlib';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import type { Coordinates } from '../../lib/nearest.ts';

/**
 * One place of the table: name, country, ISO 3166-2 subdivision code ('' when unknown), latitude, longitude (as text)
 * and, for a section of a town (a city's quarter or suburb), the section's own name: the row carries its town's name,
 * which `reverse` answers, and `locate` finds the row by either name.
 */
export type CityRow = [
  name: string,
  country: string,
  state: string,
  latitude: string,
  longitude: string,
  part?: string,
];

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

/**
 * The table of places: Brotli-compressed UTF-8 text, one place a line as `name<TAB>country<TAB>subdivision<TAB>latitude
 * <TAB>longitude`, then `<TAB>part` for a section of a town; lines starting with `#` say what the columns are and
 * where the data comes from.
 */
export const CITIES_FILE = new URL('./cities.tsv.br', import.meta.url);

/** The rows of the table's text (comments and empty lines skipped). */
export function parseCityTable(text: string): CityRow[] {
  const rows: CityRow[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [name = '', country = '', state = '', latitude = '', longitude = '', part] = line.split('\t');
    rows.push(part ? [name, country, state, latitude, longitude, part] : [name, country, state, latitude, longitude]);
  }
  return rows;
}

function loadOwnedCities(): CityRow[] {
  return parseCityTable(zlib.brotliDecompressSync(fs.readFileSync(CITIES_FILE)).toString('utf8'));
}

export function createGeocoder(loadRows: () => CityRow[] = loadOwnedCities): Geocoder {
  // Parallel arrays instead of the parsed rows: the 5 MB of text and its rows are garbage once the index is built.
  let loaded: {
    index: KDBush;
    names: string[];
    places: string[];
    coords: Float64Array;
    /** The own names of the rows that are sections of a town, by row id. */
    parts: Map<number, string>;
  } | null = null;
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
    const parts = new Map<number, string>();
    const interned = new Map<string, string>();
    for (const [id, row] of rows.entries()) {
      // kdbush keeps x = longitude, y = latitude, as geokdbush expects.
      coords[2 * id] = Number(row[4]);
      coords[2 * id + 1] = Number(row[3]);
      index.add(coords[2 * id]!, coords[2 * id + 1]!);
      names.push(row[0]);
      if (row[5]) parts.set(id, row[5]);
      const place = `${row[1]}|${row[2]}`;
      if (!interned.has(place)) interned.set(place, place);
      places.push(interned.get(place)!);
    }
    index.finish();
    loaded = { index, names, places, coords, parts };
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
      const { names, places, coords, parts } = load();
      if (!byName) {
        const index = new Map<string, number[]>();
        const add = (key: string, id: number) => {
          const ids = index.get(key);
          if (ids) ids.push(id);
          else index.set(key, [id]);
        };
        // Row ids in table order (the most populous first): a section by its town's name and by its own.
        for (const [id, name] of names.entries()) {
          add(placeKey(places[id]!.slice(0, 2), name), id);
          const part = parts.get(id);
          if (part) add(placeKey(places[id]!.slice(0, 2), part), id);
        }
        byName = index;
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
