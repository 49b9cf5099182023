// The build of the geocoder's table of places (scripts/build-cities.ts) on a few lines of GeoNames' export.
import { describe, expect, it } from 'vitest';
import { readSubdivisionTable, toCityRows, toTableText } from './build-cities.ts';
import { parseCityTable } from '../apps/server/src/modules/geo/index.ts';

/** One line of GeoNames' export: the 19 tab-separated columns, the ones the build reads filled in. */
function geonames(
  name: string,
  [latitude, longitude]: [number, number],
  featureCode: string,
  [country, ...admin]: string[],
  population: number,
): string {
  const columns = ['1', name, name, '', String(latitude), String(longitude), 'P', featureCode, country!, ''];
  columns.push(...[0, 1, 2, 3].map((level) => admin[level] ?? ''), String(population), '', '34', 'Europe/Berlin');
  columns.push('2023-01-01');
  return columns.join('\t');
}

const subdivisions = readSubdivisionTable(
  ['# comment', 'DE\t16\tBE\tBerlin', 'DE\t11\tBB\tBrandenburg', 'NL\t07\tNH\tNorth Holland', ''].join('\n'),
);

describe('build-cities', () => {
  it('reads the subdivision table and refuses a code listed twice', () => {
    expect([...subdivisions]).toEqual([
      ['DE.16', 'BE'],
      ['DE.11', 'BB'],
      ['NL.07', 'NH'],
    ]);
    expect(() => readSubdivisionTable('DE\t16\tBE\nDE\t16\tBB\n')).toThrow(/DE.16 twice/);
  });

  it('keeps towns of 1,000 and seats, drops the rest and the historical, the most populous first', () => {
    const rows = toCityRows(
      [
        geonames('Amsterdam', [52.37403, 4.88969], 'PPLC', ['NL', '07'], 741636),
        geonames('Village', [52.1, 4.5], 'PPL', ['NL', '07'], 600),
        geonames('Seat', [52.2, 4.6], 'PPLA3', ['NL', '07'], 300),
        geonames('Old Town', [52.3, 4.7], 'PPLH', ['NL', '07'], 5000),
        geonames('Nowhere', [91, 4.7], 'PPL', ['NL', '07'], 5000),
        geonames('Unmapped', [52.4, 4.8], 'PPL', ['NL', '99'], 2000),
        geonames('Amsterdam', [52.37403, 4.88969], 'PPLC', ['NL', '07'], 741636),
        '',
      ],
      subdivisions,
    );
    expect(rows).toEqual([
      ['Amsterdam', 'NL', 'NH', '52.374', '4.8897'],
      ['Unmapped', 'NL', '', '52.4', '4.8'],
      ['Seat', 'NL', 'NH', '52.2', '4.6'],
    ]);
    expect(() => toCityRows(['too\tfew\tcolumns'], subdivisions)).toThrow(/not a line of GeoNames' export/);
  });

  it("puts a section of a town under the town's name, its own name as the part", () => {
    const rows = toCityRows(
      [
        geonames('Berlin', [52.52437, 13.41053], 'PPLC', ['DE', '16', '00', '11000', '11000000'], 3426354),
        geonames('Köpenick', [52.4455, 13.57455], 'PPLX', ['DE', '16', '00', '11000', '11000000'], 67148),
        geonames('Schöneiche bei Berlin', [52.4723, 13.6906], 'PPL', ['DE', '11', '00', '12064'], 12000),
        // Too far from any larger place of its state: a place of its own (it has 1,000 inhabitants).
        geonames('Faraway Quarter', [53.5, 13.4], 'PPLX', ['DE', '16', '00', '11000', '11000000'], 1500),
        geonames('Tiny Quarter', [53.6, 13.4], 'PPLX', ['DE', '16', '00', '11000', '11000000'], 600),
      ],
      subdivisions,
    );
    expect(rows).toEqual([
      ['Berlin', 'DE', 'BE', '52.5244', '13.4105'],
      ['Berlin', 'DE', 'BE', '52.4455', '13.5746', 'Köpenick'],
      ['Schöneiche bei Berlin', 'DE', 'BB', '52.4723', '13.6906'],
      ['Faraway Quarter', 'DE', 'BE', '53.5', '13.4'],
    ]);
    // What the geocoder reads back from the table's text.
    const text = toTableText(rows, 'a test');
    expect(text).toMatch(/^# name\tcountry\tsubdivision\tlatitude\tlongitude/);
    expect(text).toContain('GeoNames (https://www.geonames.org), CC BY 4.0');
    expect(parseCityTable(text)).toEqual(rows);
  });
});
