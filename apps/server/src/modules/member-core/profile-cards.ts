// Shared by the member modules (search, likes, blocks, swipe, matches): who may be listed or opened, and member cards in one query.
import { inArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { ageOn, type ActivityLevel, type Image, type ProfileCard, type ProfilePrompt } from '@app/contracts';
import {
  blocks,
  memberRestrictions,
  photos,
  profiles,
  users,
  type ProfileRow,
  type SiteRow,
} from '../../db/schema/index.ts';
import { jsonRowOf } from '../../db/json-rows.ts';
import { isRestrictedNow } from '../../lib/member-restrictions.ts';
import { distanceKm, townPosition, type Coordinates, type Locate } from '../../lib/nearest.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';

/** The logged-in member acting, with what preferences and permissions need. */
export type Viewer = {
  userId: number;
  profileId: number;
  siteId: number;
  name: string;
  /** paid_user: bought credits once (SPEC section 1). */
  isPremium: boolean;
  gender: ProfileRow['gender'];
  sexuality: ProfileRow['sexuality'];
  /** Whom the member wants to see; null: derived (docs/orientation.md). */
  showMe: ProfileRow['showMe'];
  dateOfBirth: string | null;
  country: string | null;
  /** With the country: suggestions list the member's region first (docs/search-relevance.md). */
  region: string | null;
  /** The member's town: signup matches put the nearest first (docs/search-relevance.md, "Distance"). */
  city?: string | null;
  /** The member's sends to partners who never answered are held for a moderator (docs/safety.md, "Risk"). */
  isRiskHeld?: boolean;
};

export type SiteView = Pick<SiteRow, 'id' | 'cdnPrefix' | 'visibleProfileFields' | 'minAge'>;

/** The main photo, joined with `mainPhotoJoin` (served by the unique partial index photos_main_key). */
export const mainPhoto = alias(photos, 'main_photo');
export const mainPhotoJoin = sql`${mainPhoto.profileId} = ${profiles.id} and ${mainPhoto.isMain}`;

/** Whether the member's identity is verified (a card column). */
const isVerifiedOf = sql<boolean>`(${profiles.verifiedAt} is not null)`;
/** The member's activity day, withheld in invisible mode (the card then says nothing about activity). */
const activeDayOf = sql<
  string | null
>`case when ${profiles.isInvisible} then null else ${profiles.lastActiveDay}::text end`;

/** A card's fields, each once: `cardColumns` selects them, `cardJsonOf` writes them as one JSON array in this order. */
const cardFields = {
  id: profiles.id,
  name: profiles.name,
  dateOfBirth: profiles.dateOfBirth,
  gender: profiles.gender,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  isFictional: profiles.isFictional,
  mainFileKey: mainPhoto.fileKey,
  mainThumbKey: mainPhoto.thumbKey,
  isVerified: isVerifiedOf,
  activeDay: activeDayOf,
};
const cardJson = jsonRowOf(cardFields);

/** Select these from `profiles` left-joined with `mainPhoto`, then map with `toProfileCard`. */
export const cardColumns = {
  ...cardFields,
  // Aliased, so a list can read the cards from a subquery (search reads its phases as one statement).
  isVerified: isVerifiedOf.as('is_verified'),
  activeDay: activeDayOf.as('active_day'),
};
export type CardRow = {
  id: number;
  name: string;
  dateOfBirth: string | null;
  gender: ProfileRow['gender'];
  country: string | null;
  region: string | null;
  city: string | null;
  isFictional: boolean;
  mainFileKey: string | null;
  mainThumbKey: string | null;
  /** YYYY-MM-DD; absent where a list was read without it. */
  activeDay?: string | null;
  /** Absent where a list was read without it (the card then leaves is_verified out). */
  isVerified?: boolean;
};

/** A card as one JSON array (`cardJsonOf`): the values of `cardFields`, in its order. */
export type CardJson = [
  id: number,
  name: string,
  dateOfBirth: string | null,
  gender: ProfileRow['gender'],
  country: string | null,
  region: string | null,
  city: string | null,
  isFictional: boolean,
  mainFileKey: string | null,
  mainThumbKey: string | null,
  isVerified: boolean,
  activeDay: string | null,
];

/**
 * SQL: the card fields of a row as one JSON array, for a list read as one JSON value (`json_agg`) in a single
 * statement (likes.php, search.php). PostgreSQL builds the JSON and the app parses it natively, instead of the driver
 * and Drizzle converting each field of each row (docs/prepared-statements.md). Read back with `cardOfJson`.
 */
export const cardJsonOf = cardJson.sql as SQL<CardJson>;

/** A card row from `cardJsonOf`'s array. */
export function cardOfJson(values: CardJson): CardRow {
  return cardJson.read(values) as CardRow;
}

/**
 * The first prompt and answer of each of `ids` (one primary-key query after the page's own): the cards that show it
 * (members' search, the swipe deck). Read apart from the page so the page's plan stays on its search index.
 */
async function firstPromptsOf(db: Executor, ids: number[]): Promise<Map<number, ProfilePrompt | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: profiles.id, prompt: sql<ProfilePrompt | null>`(${profiles.prompts} -> 0)` })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.id, row.prompt]));
}

/** The cards with their first prompts (`firstPromptsOf`). */
export async function withFirstPrompts(db: Executor, cards: ProfileCard[]): Promise<ProfileCard[]> {
  const prompts = await firstPromptsOf(
    db,
    cards.map((card) => card.id),
  );
  return cards.map((card) => ({ ...card, prompt: prompts.get(card.id) ?? null }));
}

/**
 * Profiles anyone may open on the site: activated (profile active), the account not pending deletion and not banned
 * or suspended (docs/bans.md: from the moment staff restrict it, every list, page and action treats the member as gone).
 * Fictional profiles have no account and are always openable when active.
 */
export function isViewable(siteId: number | Placeholder): SQL {
  // One probe of users_unlisted_idx per row checks both (a fictional profile has no account: nothing to find). OFFSET 0
  // keeps that probe a per-row subplan, which PostgreSQL cannot turn into an anti join: a merge or hash anti join
  // drops a list's index order and reads all its rows instead of a page's, a nested loop over every unlisted account
  // grows with the site (bench/growth: on 5,000 members search page 1 read the searcher's whole region; on 5,000 to
  // 10,000 its count compared each match with every unlisted account).
  return sql`(${profiles.siteId} = ${siteId} and ${profiles.status} = 'active' and not exists (select 1 from ${users} where ${users.id} = ${profiles.userId} and (${users.status} = 'deleted_pending' or ${isRestrictedNow()}) offset 0))`;
}

/**
 * SQL text that changes whenever a ban, suspension or lift of any of the profiles `profileIds` (a subquery of profile
 * ids) is written: part of the poll versions of lists that show those profiles (likes, chats), so a restriction changes
 * their tags. A suspension that ends by itself writes nothing: the lists' refresh window brings the member back.
 */
export function restrictionsStampOf(profileIds: SQL): SQL<string> {
  return sql<string>`(select count(*) || ':' || coalesce(max(${memberRestrictions.createdAt})::text, '') from ${memberRestrictions}
    where ${memberRestrictions.userId} in (select ${profiles.userId} from ${profiles} where ${profiles.id} in (${profileIds})))`;
}

/**
 * Profiles that may appear in search, suggestions and the swipe game: viewable and not invisible.
 * The literal predicates match the partial search indexes (profiles_search_*).
 */
export function isListed(siteId: number | Placeholder): SQL {
  return sql`(${isViewable(siteId)} and ${profiles.isInvisible} = false)`;
}

/**
 * Neither has blocked the other. The viewer's blocked ids, both ways, are read once per query (an uncorrelated
 * subquery: PostgreSQL runs it once, as an InitPlan, through the blocks primary key and blocks_blocked_idx), and each
 * row is compared with that array: a list of hundreds of rows no longer looks the blocks table up twice per row.
 */
export function isNotBlockedWith(viewerProfileId: number | Placeholder, column: SQL | AnyColumn = profiles.id): SQL {
  return sql`(${column} <> all (${blockedIdsOf(viewerProfileId)}))`;
}

/** SQL: an array of the profile ids the viewer blocked or was blocked by (read once per query, see above). */
export function blockedIdsOf(viewerProfileId: number | Placeholder): SQL {
  return sql`array(select b.blocked_profile_id from ${blocks} b where b.profile_id = ${viewerProfileId}
    union all select b.profile_id from ${blocks} b where b.blocked_profile_id = ${viewerProfileId})`;
}

export function toImage(cdnPrefix: string, fileKey: string | null, thumbKey: string | null): Image | null {
  if (!fileKey || !thumbKey) return null;
  return { filename: uploadUrl(cdnPrefix, fileKey), thumb_filename: uploadUrl(cdnPrefix, thumbKey), status: 'active' };
}

export function isFieldVisible(site: Pick<SiteRow, 'visibleProfileFields'>, field: string): boolean {
  return site.visibleProfileFields.includes(field);
}

/** A card; the fields the site hides (settings.visible_profile_fields) are null. */
export function toProfileCard(row: CardRow, site: SiteView, now: Date): ProfileCard {
  const shown = <T>(field: string, value: T): T | null => (isFieldVisible(site, field) ? value : null);
  return {
    id: row.id,
    name: row.name,
    age: shown('age', row.dateOfBirth ? ageOn(row.dateOfBirth, now) : null),
    gender: shown('gender', row.gender),
    country: shown('country', row.country),
    region: shown('region', row.region),
    city: shown('city', row.city),
    main_image: toImage(site.cdnPrefix, row.mainFileKey, row.mainThumbKey),
    is_fictional: row.isFictional,
    activity: toActivity(row.activeDay ?? null, now),
    ...(row.isVerified === undefined ? {} : { is_verified: row.isVerified }),
  };
}

/**
 * The card with `distance_km`: kilometres between the viewer's town and the member's, rounded (at least 1), from the
 * geocoder's town positions (lib/nearest.ts). Left out when either town is unknown or the site does not show towns.
 */
export function withDistance(
  card: ProfileCard,
  row: Pick<CardRow, 'country' | 'region' | 'city'>,
  origin: Coordinates | null,
  locate: Locate,
): ProfileCard {
  if (!origin || card.city === null) return card;
  const position = townPosition(locate, row);
  return position ? { ...card, distance_km: Math.max(1, Math.round(distanceKm(origin, position))) } : card;
}

/** Days counted as "this week" on a card. */
const ACTIVE_WEEK_DAYS = 7;

/** The UTC day of a moment and the first day of the week before it, kept for the last moment asked (a list maps all its cards with one). */
let cardDays: { time: number; today: string; weekStart: string } | null = null;

function cardDaysOf(now: Date): { today: string; weekStart: string } {
  const time = now.getTime();
  if (cardDays?.time !== time) {
    const today = now.toISOString().slice(0, 10);
    const weekStart = new Date(Date.parse(`${today}T00:00:00Z`) - ACTIVE_WEEK_DAYS * 86_400_000).toISOString();
    cardDays = { time, today, weekStart: weekStart.slice(0, 10) };
  }
  return cardDays;
}

/** The card's activity from the UTC activity day (YYYY-MM-DD): today, within the last 7 days, or nothing. */
export function toActivity(activeDay: string | null, now: Date): ActivityLevel | null {
  if (!activeDay) return null;
  const { today, weekStart } = cardDaysOf(now);
  if (activeDay >= today) return 'today';
  return activeDay >= weekStart ? 'week' : null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The latest birth date (YYYY-MM-DD) of someone at least `years` old on `now` (UTC calendar days, as
 * `ageOn`): age >= n  <=>  date_of_birth <= birthDateCutoff(now, n). A 29 February falls back to the 28th.
 */
export function birthDateCutoff(now: Date, years: number): string {
  const year = now.getUTCFullYear() - years;
  const month = now.getUTCMonth() + 1;
  const day = Math.min(now.getUTCDate(), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** SQL for min_age <= age <= max_age on profiles.date_of_birth. */
export function isAgeBetween(now: Date, minAge: number, maxAge: number): SQL {
  return isBornBetween(birthDateCutoff(now, minAge), birthDateCutoff(now, maxAge + 1));
}

/** SQL: born on or before `latest` and after `before` (the cutoffs of `isAgeBetween`, or placeholders for them). */
export function isBornBetween(latest: string | Placeholder, before: string | Placeholder): SQL {
  return sql`(${profiles.dateOfBirth} <= ${latest} and ${profiles.dateOfBirth} > ${before})`;
}
