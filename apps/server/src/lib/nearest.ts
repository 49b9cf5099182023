// Distance ordering for member lists near a place (docs/search-relevance.md, "Distance"): great-circle kilometres
// between two positions, and a list put nearest first, stable, places without a known position last.
import { distance } from 'geokdbush';

export type Coordinates = { latitude: number; longitude: number };

/** Where a named place of a country is (modules/geo's geocoder: `geocoder.locate`), or null when it is not known. */
export type Locate = (country: string, city: string, region?: string | null) => Coordinates | null;

/** A member's or visitor's place as the lists know it. */
export type TownPlace = { country: string | null; region: string | null; city?: string | null };

/** Where a place's town is: only with a country and a town, else null (`locate` decides whether it knows the town). */
export function townPosition(locate: Locate, place: TownPlace): Coordinates | null {
  return place.country && place.city ? locate(place.country, place.city, place.region) : null;
}

/** Great-circle distance in kilometres. */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  return distance(from.longitude, from.latitude, to.longitude, to.latitude);
}

/**
 * `rows` nearest to `origin` first. Rows whose position is unknown keep their order after the located ones, and rows
 * at the same distance keep theirs (the relevance order they were read in): without an origin the list is unchanged.
 */
export function nearestFirst<Row>(
  rows: readonly Row[],
  origin: Coordinates | null,
  positionOf: (row: Row) => Coordinates | null,
): Row[] {
  if (!origin) return [...rows];
  const keyed = rows.map((row, index) => {
    const position = positionOf(row);
    return { row, index, km: position ? distanceKm(origin, position) : Number.POSITIVE_INFINITY };
  });
  return keyed.sort((a, b) => a.km - b.km || a.index - b.index).map(({ row }) => row);
}
