import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodeResponseSchema, apiErrorSchema } from '@app/contracts';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';
import { distanceKm } from '../../lib/nearest.ts';
import { CITIES_FILE, createGeocoder, parseCityTable, type CityRow } from './geocoder.ts';
import { regionCodeOf } from './geo.service.ts';

/**
 * A capital (or large city) per country the spec names (SPEC section 1), with what geocode.php answers for it:
 * the country, the regions.php code (null where the data has no one region: docs/geolocation.md) and the place.
 */
const KNOWN: [country: string, lat: string, lon: string, region: string | null, city: RegExp][] = [
  ['NL', '52.3702', '4.8952', 'NH', /Amsterdam/],
  ['BE', '50.8467', '4.3525', 'BRU', /Brussels/],
  ['FR', '48.8566', '2.3522', 'IDF', /Paris/],
  ['IT', '41.9028', '12.4964', '62', /Rome/],
  ['ES', '40.4168', '-3.7038', 'M', /Madrid/],
  ['DE', '48.1372', '11.5755', 'BY', /München|Munich/],
  ['AT', '48.2082', '16.3738', '9', /Vienna|Wien/],
  ['IE', '53.3498', '-6.2603', null, /Dublin/],
  ['GB', '51.5072', '-0.1276', null, /London/],
  ['CA', '43.6532', '-79.3832', 'ON', /Toronto/],
  ['PL', '52.2297', '21.0122', '14', /Warsaw|Warszawa/],
  ['AU', '-33.8688', '151.2093', 'NSW', /Sydney/],
  ['NZ', '-36.8485', '174.7633', 'AUK', /Auckland/],
  ['CH', '46.2044', '6.1432', 'GE', /Gen[eè]v/],
  ['DK', '55.6761', '12.5683', 'DK-84', /Copenhagen|København/],
  ['FI', '60.1699', '24.9384', 'FI-18', /Helsinki/],
  ['NO', '59.9139', '10.7522', '03', /Oslo/],
  ['SE', '59.3293', '18.0686', 'AB', /Stockholm|Gamla Stan/],
  ['US', '34.0522', '-118.2437', 'CA', /Los Angeles/],
];

describe('GET /api/geocode.php', () => {
  let app: TestApp;
  // Each request from its own address: the per-address limit has a test of its own.
  let addresses = 0;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers, remoteAddress: `198.51.100.${(addresses++ % 250) + 1}` });
  beforeAll(async () => {
    app = await buildTestApp();
    await insertSite(app, { domain: 'nordic.example', countries: ['DK', 'FI', 'NO', 'SE'] });
  });
  afterAll(() => app.close());

  it.each(KNOWN)(
    'answers %s for a position in it (%s, %s): country, region code of regions.php and the place',
    async (country, lat, lon, region, city) => {
      const response = await get(`/api/geocode.php?lat=${lat}&lon=${lon}`);
      expect(response.statusCode, response.body).toBe(200);
      const { geocode } = geocodeResponseSchema.parse(response.json());
      expect(geocode).toMatchObject({ country, region });
      expect(geocode.city).toMatch(city);
      expect(geocode.distance_km).toBeLessThan(15);
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
    },
  );

  it('answers only region codes that regions.php answers for the site', async () => {
    const regions = (await get('/api/regions.php')).json().regions as Record<string, { regions: { code: string }[] }>;
    for (const [country, lat, lon] of KNOWN) {
      const { geocode } = geocodeResponseSchema.parse((await get(`/api/geocode.php?lat=${lat}&lon=${lon}`)).json());
      if (geocode.region !== null && regions[country])
        expect(regions[country].regions.map((entry) => entry.code)).toContain(geocode.region);
    }
  });

  it('says whether the country is one of the site’s', async () => {
    const oslo = (await get('/api/geocode.php?lat=59.9139&lon=10.7522', { host: 'nordic.example' })).json();
    const paris = (await get('/api/geocode.php?lat=48.8566&lon=2.3522', { host: 'nordic.example' })).json();
    expect(oslo.geocode.in_site).toBe(true);
    expect(paris.geocode.in_site).toBe(false);
  });

  it('answers 404 location_unknown, translated, far from any place (open sea)', async () => {
    const response = await get('/api/geocode.php?lat=0&lon=-30', { cookie: 'lang=de' });
    expect(response.statusCode).toBe(404);
    const { error } = apiErrorSchema.parse(response.json());
    expect(error.code).toBe('location_unknown');
    expect(error.message).toMatch(/Ort/);
  });

  it.each([
    ['lat=91&lon=0'],
    ['lat=-90.5&lon=0'],
    ['lat=0&lon=181'],
    ['lat=1e2&lon=0'],
    ['lat=NaN&lon=0'],
    ['lat=&lon=0'],
    ['lat=52.3'],
    ['lat=52.123456789&lon=4'],
    ['lat[]=1&lon=2'],
  ])('refuses %s with 400', async (query) => {
    const response = await get(`/api/geocode.php?${query}`);
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).not.toBe('error_generic');
  });

  it('is rate-limited per address', async () => {
    let last = 0;
    for (let index = 0; index < 31; index += 1) {
      last = (await app.inject({ url: '/api/geocode.php?lat=52.37&lon=4.89', remoteAddress: '203.0.113.77' }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('geocoder', () => {
  const rows: CityRow[] = [
    ['Near', 'NL', 'NH', '52.0000', '4.0000'],
    ['Far', 'NL', 'ZH', '52.0000', '5.0000'],
    ['Broken', 'NL', 'ZH', 'x', '5.0000'],
  ];

  it('answers the nearest place with its great-circle distance, loading the data once, on first use', () => {
    let loads = 0;
    const geocoder = createGeocoder(() => {
      loads += 1;
      return rows;
    });
    expect(loads).toBe(0);
    const place = geocoder.reverse(52, 4.2, 50);
    expect(place).toMatchObject({ country: 'NL', state: 'NH', city: 'Near' });
    // 0.2 degrees of longitude at 52° N is about 13.7 km.
    expect(place!.distanceKm).toBeGreaterThan(13.5);
    expect(place!.distanceKm).toBeLessThan(14);
    expect(geocoder.reverse(52, 4.8, 50)?.city).toBe('Far');
    expect(loads).toBe(1);
  });

  it('locates a named place of a country (case and accents aside, the subdivision deciding between namesakes)', () => {
    const geocoder = createGeocoder(() => [
      ...rows,
      ['Bergen', 'NL', 'NH', '52.6667', '4.7000'],
      ['Bergen', 'NL', 'LI', '51.6000', '6.0333'],
      ['Düren', 'DE', 'NW', '50.8000', '6.4833'],
    ]);
    expect(geocoder.locate('NL', 'near')).toEqual({ latitude: 52, longitude: 4 });
    expect(geocoder.locate('nl', '  Far ')).toEqual({ latitude: 52, longitude: 5 });
    expect(geocoder.locate('DE', 'Duren')).toEqual({ latitude: 50.8, longitude: 6.4833 });
    expect(geocoder.locate('NL', 'Bergen', 'LI')).toEqual({ latitude: 51.6, longitude: 6.0333 });
    expect(geocoder.locate('NL', 'Bergen', 'XX')).toEqual({ latitude: 52.6667, longitude: 4.7 });
    expect(geocoder.locate('BE', 'Near')).toBeNull();
    expect(geocoder.locate('NL', 'Nowhere')).toBeNull();
    expect(geocoder.locate('NL', '')).toBeNull();
    // The rows without coordinates are never answered.
    expect(geocoder.locate('NL', 'Broken')).toBeNull();
  });

  it('locates real places from the packaged data', () => {
    const geocoder = createGeocoder();
    const amsterdam = geocoder.locate('NL', 'Amsterdam')!;
    const rotterdam = geocoder.locate('NL', 'Rotterdam')!;
    // About 57 km apart.
    expect(distanceKm(amsterdam, rotterdam)).toBeGreaterThan(50);
    expect(distanceKm(amsterdam, rotterdam)).toBeLessThan(65);
    // GeoNames gives large places their English names: "Munich", not "München" (docs/geolocation.md).
    expect(geocoder.locate('DE', 'Munich')).not.toBeNull();
    expect(geocoder.locate('DE', 'Berlin')).not.toBeNull();
  });

  it("answers a town's section by the town's name, and locates it by either name", () => {
    const geocoder = createGeocoder(() => [
      ['Berlin', 'DE', 'BE', '52.5244', '13.4105'],
      ['Berlin', 'DE', 'BE', '52.4455', '13.5746', 'Köpenick'],
      ['Schöneiche bei Berlin', 'DE', 'BB', '52.4723', '13.6906'],
    ]);
    // A position in Köpenick: 8 km from Schöneiche, 14 km from Berlin's point, next to Berlin's Köpenick point.
    expect(geocoder.reverse(52.4455, 13.58, 50)).toMatchObject({ country: 'DE', state: 'BE', city: 'Berlin' });
    expect(geocoder.locate('DE', 'Berlin')).toEqual({ latitude: 52.5244, longitude: 13.4105 });
    expect(geocoder.locate('DE', 'Kopenick')).toEqual({ latitude: 52.4455, longitude: 13.5746 });
  });

  it('reads our table of places (cities.tsv.br, scripts/build-cities.ts): codes, coordinates, Amsterdam', () => {
    const text = zlib.brotliDecompressSync(fs.readFileSync(CITIES_FILE)).toString('utf8');
    expect(text).toMatch(/^# name\tcountry\tsubdivision\tlatitude\tlongitude/);
    expect(text).toContain('GeoNames (https://www.geonames.org), CC BY 4.0');
    const rows = parseCityTable(text);
    expect(rows.length).toBeGreaterThan(100_000);
    const malformed = rows.filter(
      ([name, country, state, latitude, longitude, part, ...rest]) =>
        !name.trim() ||
        !/^[A-Z]{2}$/.test(country) ||
        !/^[A-Z0-9]{0,3}$/.test(state) ||
        !(Math.abs(Number(latitude)) <= 90 && latitude.trim() !== '') ||
        !(Math.abs(Number(longitude)) <= 180 && longitude.trim() !== '') ||
        part === '' ||
        rest.length > 0,
    );
    expect(malformed.slice(0, 5)).toEqual([]);
    // Nearly every place has a subdivision, and sections of towns are there under their towns' names.
    expect(rows.filter((row) => row[2]).length / rows.length).toBeGreaterThan(0.95);
    expect(rows.some(([name, country, , , , part]) => name === 'Berlin' && country === 'DE' && part)).toBe(true);
    // The most populous of namesakes first: Amsterdam, North Holland.
    const amsterdam = rows.find(([name, country]) => name === 'Amsterdam' && country === 'NL');
    expect(amsterdam?.[2]).toBe('NH');
    expect(Number(amsterdam![3])).toBeCloseTo(52.37, 1);
    expect(Number(amsterdam![4])).toBeCloseTo(4.89, 1);
  });

  it('answers null beyond the distance limit', () => {
    const geocoder = createGeocoder(() => rows);
    expect(geocoder.reverse(52, 4.2, 10)).toBeNull();
  });

  it('maps subdivision codes to regions.php codes where the two data sets spell them differently', () => {
    expect(regionCodeOf('NL', 'NH')).toBe('NH');
    expect(regionCodeOf('DK', '84')).toBe('DK-84');
    expect(regionCodeOf('PL', 'MZ')).toBe('14');
    expect(regionCodeOf('ES', 'MD')).toBe('M');
    expect(regionCodeOf('ES', 'AN')).toBe('AN');
    expect(regionCodeOf('GB', 'ENG')).toBeNull();
    expect(regionCodeOf('NL', 'XX')).toBeNull();
  });
});
