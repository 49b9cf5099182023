import { describe, expect, it } from 'vitest';
import { distanceKm, nearestFirst, townPosition, type Coordinates, type Locate } from './nearest.ts';

const AMSTERDAM = { latitude: 52.374, longitude: 4.89 };
const HAARLEM = { latitude: 52.381, longitude: 4.637 };
const UTRECHT = { latitude: 52.091, longitude: 5.122 };
const MAASTRICHT = { latitude: 50.851, longitude: 5.691 };

describe('nearestFirst', () => {
  type Row = { name: string; at: Coordinates | null };
  const rows: Row[] = [
    { name: 'maastricht', at: MAASTRICHT },
    { name: 'unknown 1', at: null },
    { name: 'utrecht', at: UTRECHT },
    { name: 'haarlem', at: HAARLEM },
    { name: 'unknown 2', at: null },
    { name: 'haarlem again', at: HAARLEM },
  ];

  it('puts the nearest first, ties and unknown places in the order they came', () => {
    expect(nearestFirst(rows, AMSTERDAM, (row) => row.at).map((row) => row.name)).toEqual([
      'haarlem',
      'haarlem again',
      'utrecht',
      'maastricht',
      'unknown 1',
      'unknown 2',
    ]);
  });

  it('leaves the list as it is without an origin, and never changes the list it was given', () => {
    expect(nearestFirst(rows, null, (row) => row.at)).toEqual(rows);
    expect(rows[0]!.name).toBe('maastricht');
  });

  it('measures great-circle kilometres', () => {
    // Amsterdam to Utrecht is about 35 km as the crow flies.
    expect(distanceKm(AMSTERDAM, UTRECHT)).toBeGreaterThan(33);
    expect(distanceKm(AMSTERDAM, UTRECHT)).toBeLessThan(38);
    expect(distanceKm(AMSTERDAM, AMSTERDAM)).toBe(0);
  });
});

describe('townPosition', () => {
  const asked: unknown[][] = [];
  const locate: Locate = (...args) => {
    asked.push(args);
    return args[1] === 'Haarlem' ? HAARLEM : null;
  };

  it('asks for a town only with a country and a town, the region as the tie-break', () => {
    expect(townPosition(locate, { country: 'NL', region: 'NH', city: 'Haarlem' })).toEqual(HAARLEM);
    expect(townPosition(locate, { country: 'NL', region: null, city: 'Atlantis' })).toBeNull();
    expect(townPosition(locate, { country: null, region: null, city: 'Haarlem' })).toBeNull();
    expect(townPosition(locate, { country: 'NL', region: 'NH', city: null })).toBeNull();
    expect(townPosition(locate, { country: 'NL', region: 'NH' })).toBeNull();
    expect(asked).toEqual([
      ['NL', 'Haarlem', 'NH'],
      ['NL', 'Atlantis', null],
    ]);
  });
});
