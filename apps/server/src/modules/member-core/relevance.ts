// The relevance order of every member list that is not ordered by a relation (search, similar results, suggestions): docs/search-relevance.md.
import { and, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import { cursorInvalid, type CursorValue } from '../../lib/cursors.ts';

/** Where a row stands in the relevance order; the keyset cursors carry it. */
export type RelevanceKey = { hasPhoto: boolean; lastActiveDay: string; id: number };

/** Select these beside the card columns so the last row of a page gives the cursor. */
export const relevanceColumns = { hasPhoto: profiles.hasPhoto, lastActiveDay: profiles.lastActiveDay };

/**
 * Members with a main photo first, then by the last UTC day they were active (newest first), then the
 * newest profile first. Served, read backwards, by the partial search indexes profiles_search_*.
 */
export const relevanceOrder = [desc(profiles.hasPhoto), desc(profiles.lastActiveDay), desc(profiles.id)] as const;

/** A value, or the placeholder of a statement prepared once (search builds one per shape). */
type Param<T> = T | Placeholder;

/** SQL: the profile comes after `key` in the relevance order (one row comparison, an index condition). */
export function isAfterRelevance(key: { [K in keyof RelevanceKey]: Param<RelevanceKey[K]> }): SQL {
  return sql`(${profiles.hasPhoto}, ${profiles.lastActiveDay}, ${profiles.id}) < (${key.hasPhoto}, ${key.lastActiveDay}::date, ${key.id})`;
}

/** The key as cursor values (for `app.cursors.encode`), and the `app.cursors.decode` types of those values. */
export const relevanceCursorValues = (key: RelevanceKey): CursorValue => [key.hasPhoto, key.lastActiveDay, key.id];
export const RELEVANCE_CURSOR_TYPES = 'bsn';

/** The UTC calendar day of `now` (YYYY-MM-DD): the activity bucket. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

const DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;
/** profiles.id is a PostgreSQL integer: a larger id in a cursor would fail in SQL. */
const MAX_ID = 2 ** 31 - 1;

/**
 * The key from decoded cursor values (`RELEVANCE_CURSOR_TYPES`); a day that is no calendar date (years
 * 1000-9999) or an id beyond the integer range is `cursor_invalid`.
 */
export function relevanceKeyFromCursor(values: CursorValue): RelevanceKey {
  const [hasPhoto, lastActiveDay, id] = values as [boolean, string, number];
  const parsed = DAY.test(lastActiveDay) ? new Date(`${lastActiveDay}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || utcDay(parsed) !== lastActiveDay || id > MAX_ID)
    throw cursorInvalid();
  return { hasPhoto, lastActiveDay, id };
}

/**
 * How near a member lives, seen from a place (the viewer's country and region, or a visitor's GeoIP
 * country): the same region, the rest of the country, elsewhere; 'all' when the place is unknown.
 */
export type LocationTier = 'region' | 'country' | 'other' | 'all';
export const LOCATION_TIERS: LocationTier[] = ['region', 'country', 'other', 'all'];
export type Place = { country: string | null; region: string | null };

/** SQL: the profile lives in this tier as seen from `place` (its values, or placeholders for them). */
export function isInLocationTier(
  place: { country: Param<string> | null; region: Param<string> | null },
  tier: LocationTier,
): SQL | undefined {
  const country = place.country ?? '';
  switch (tier) {
    case 'region':
      return and(eq(profiles.country, country), eq(profiles.region, place.region ?? ''));
    case 'country':
      return and(
        eq(profiles.country, country),
        place.region ? sql`${profiles.region} is distinct from ${place.region}` : undefined,
      );
    case 'other':
      return sql`${profiles.country} is distinct from ${country}`;
    case 'all':
      return undefined;
  }
}

/**
 * One part of a list read in phases: members with (or without) a photo in one location tier; `hasPhoto`
 * null reads both in one go (nothing to split by place).
 */
export type RelevancePhase = { hasPhoto: boolean | null; tier: LocationTier };

/**
 * The phases of a list near `place` (docs/search-relevance.md): photo first, then region, country,
 * elsewhere. Without a place, one phase in plain relevance order (photo-only lists: those with a photo).
 */
export function relevancePhases(place: Place | null, options: { requireMainImage?: boolean } = {}): RelevancePhase[] {
  const photoPhases = options.requireMainImage ? [true] : [true, false];
  if (!place?.country) return [{ hasPhoto: options.requireMainImage ? true : null, tier: 'all' }];
  const tiers: LocationTier[] = place.region ? ['region', 'country', 'other'] : ['country', 'other'];
  return photoPhases.flatMap((hasPhoto) => tiers.map((tier) => ({ hasPhoto, tier })));
}

/** SQL of a phase: its photo flag and location tier. */
export function isInPhase(
  place: { country: Param<string> | null; region: Param<string> | null } | null,
  phase: RelevancePhase,
): SQL | undefined {
  return and(
    phase.hasPhoto === null ? undefined : eq(profiles.hasPhoto, phase.hasPhoto),
    place ? isInLocationTier(place, phase.tier) : undefined,
  );
}

/** Where a paged list stopped: the phase's tier and the last row's key (its photo flag names the phase). */
export type RelevancePosition = { tier: LocationTier; after: RelevanceKey };

/** Cursor values of a position (after the list's own values), and their `app.cursors.decode` types. */
export const positionCursorValues = (tier: LocationTier, key: RelevanceKey): CursorValue => [
  tier,
  ...relevanceCursorValues(key),
];
export const POSITION_CURSOR_TYPES = `s${RELEVANCE_CURSOR_TYPES}`;

export function positionFromCursor(values: CursorValue): RelevancePosition {
  const [tier, ...key] = values;
  if (!LOCATION_TIERS.includes(tier as LocationTier)) throw cursorInvalid();
  return { tier: tier as LocationTier, after: relevanceKeyFromCursor(key) };
}

/** The phase of `phases` that `from` names (0 without a position); `cursor_invalid` when it names none of them. */
export function phaseIndexOf(phases: RelevancePhase[], from: RelevancePosition | null): number {
  if (!from) return 0;
  const index = phases.findIndex(
    (phase) => phase.tier === from.tier && (phase.hasPhoto === null || phase.hasPhoto === from.after.hasPhoto),
  );
  if (index < 0) throw cursorInvalid();
  return index;
}

/**
 * Up to `limit` rows after `from`, phase after phase, so a page that runs out of one phase continues in
 * the next. A position that names no phase of this list is `cursor_invalid`.
 */
export async function readPhases<Row extends RelevanceKey>(
  phases: RelevancePhase[],
  from: RelevancePosition | null,
  limit: number,
  read: (phase: RelevancePhase, after: RelevanceKey | null, limit: number) => Promise<Row[]>,
): Promise<{ row: Row; phase: RelevancePhase }[]> {
  const start = phaseIndexOf(phases, from);
  const collected: { row: Row; phase: RelevancePhase }[] = [];
  for (let index = start; index < phases.length && collected.length < limit; index++) {
    const phase = phases[index]!;
    const rows = await read(phase, index === start ? (from?.after ?? null) : null, limit - collected.length);
    collected.push(...rows.map((row) => ({ row, phase })));
  }
  return collected;
}
