// The relevance order of every member list that is not ordered by a relation (search, similar results, suggestions): docs/search-relevance.md.
import { desc, sql, type SQL } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import { cursorInvalid, type CursorValue } from './cursor.ts';

/** Where a row stands in the relevance order; the keyset cursors carry it. */
export type RelevanceKey = { hasPhoto: boolean; lastActiveDay: string; id: number };

/** Select these beside the card columns so the last row of a page gives the cursor. */
export const relevanceColumns = { hasPhoto: profiles.hasPhoto, lastActiveDay: profiles.lastActiveDay };

/**
 * Members with a main photo first, then by the last UTC day they were active (newest first), then the
 * newest profile first. Served, read backwards, by the partial search indexes profiles_search_*.
 */
export const relevanceOrder = [desc(profiles.hasPhoto), desc(profiles.lastActiveDay), desc(profiles.id)] as const;

/** SQL: the profile comes after `key` in the relevance order (one row comparison, an index condition). */
export function isAfterRelevance(key: RelevanceKey): SQL {
  return sql`(${profiles.hasPhoto}, ${profiles.lastActiveDay}, ${profiles.id}) < (${key.hasPhoto}, ${key.lastActiveDay}::date, ${key.id})`;
}

/** The key as cursor values (for `encodeCursor`), and the `decodeCursor` types of those values. */
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
  if (!parsed || Number.isNaN(parsed.getTime()) || utcDay(parsed) !== lastActiveDay || id > MAX_ID) throw cursorInvalid();
  return { hasPhoto, lastActiveDay, id };
}
