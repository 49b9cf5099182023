// Drizzle queries on likes and matches; lists are keyset-paginated and leave out blocked and unopenable members.
import { and, desc, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonListOf } from '../../db/json-rows.ts';
import { blocks, likes, matches, profiles } from '../../db/schema/index.ts';
import {
  cardColumns,
  cardJsonOf,
  cardOfJson,
  isListed,
  isNotBlockedWith,
  isViewable,
  mainPhoto,
  mainPhotoJoin,
  restrictionsStampOf,
  type CardJson,
  type CardRow,
} from '../member-core/index.ts';
import { relevanceOrder } from '../member-core/index.ts';

/** A list row: the card, whether the like is unseen, when it happened, and its sort key as exact text. */
export type LikeListRow = CardRow & { likeNew: boolean; createdAt: Date; sortAt: string; sortId: number };

const orderedPair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/**
 * The likes a list shows, with the other member's profile joined as `profiles`: `given` (by `profileId`)
 * or `received` (by others), only from or to openable members, never across a block either way.
 */
function isVisibleLike(
  direction: 'given' | 'received',
  siteId: number | Placeholder,
  profileId: number | Placeholder,
): SQL | undefined {
  const own = direction === 'given' ? eq(likes.profileId, profileId) : eq(likes.targetProfileId, profileId);
  return and(own, isViewable(siteId), isNotBlockedWith(profileId));
}

/**
 * What likes.php shows of a member, as numbers that change whenever a like, an unseen mark or a block of theirs
 * does: counts and newest times, read from the likes and blocks indexes, and the restrictions of the members on the
 * other side (primary-key probes).
 */
function prepareOverviewVersion(db: Executor) {
  const profileId = sql.placeholder('profileId');
  return db
    .select({
      given: sql<string>`(select count(*) || ':' || coalesce(max(${likes.createdAt})::text, '') from ${likes} where ${likes.profileId} = ${profileId})`,
      received: sql<string>`(select count(*) || ':' || count(*) filter (where ${likes.isNew}) || ':' || coalesce(max(${likes.createdAt})::text, '') from ${likes} where ${likes.targetProfileId} = ${profileId})`,
      blocks: sql<string>`(select count(*) from ${blocks} where ${blocks.profileId} = ${profileId}) || ':' || (select count(*) from ${blocks} where ${blocks.blockedProfileId} = ${profileId})`,
      // A ban, suspension or lift of a member on either side of the lists (docs/bans.md).
      restrictions: restrictionsStampOf(
        sql`select ${likes.targetProfileId} from ${likes} where ${likes.profileId} = ${profileId} union all select ${likes.profileId} from ${likes} where ${likes.targetProfileId} = ${profileId}`,
      ),
    })
    .from(sql`(select 1) as one`)
    .prepare('likes_overview_version');
}

/** likes.php in one row: the members liked and the likers, each list one JSON value (`readOverview`). */
export type LikesOverviewRow = { liked: CardRow[]; likedBy: { id: number; isNew: boolean }[] };

/**
 * likes.php's two lists in one prepared statement (issue 27, docs/prepared-statements.md): each list is a keyset read
 * of its likes index in the list's order, cut at its limit, and aggregated into one JSON array (`json_agg` keeps the
 * order of a sorted subquery with nothing else at its level), so a full likes.php costs one round trip, one row and
 * one native JSON parse instead of two statements whose fields the driver and Drizzle convert one by one.
 */
function prepareOverview(db: Executor) {
  const [siteId, profileId, likedLimit, likedByLimit] = [
    sql.placeholder('siteId'),
    sql.placeholder('profileId'),
    sql.placeholder('likedLimit'),
    sql.placeholder('likedByLimit'),
  ];
  const liked = db
    .select({ item: cardJsonOf.as('item') })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.targetProfileId))
    .leftJoin(mainPhoto, mainPhotoJoin)
    .where(isVisibleLike('given', siteId, profileId))
    .orderBy(desc(likes.createdAt), desc(likes.targetProfileId))
    .limit(likedLimit);
  const likedBy = db
    .select({ item: sql<[number, boolean]>`json_build_array(${profiles.id}, ${likes.isNew})`.as('item') })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.profileId))
    .where(isVisibleLike('received', siteId, profileId))
    .orderBy(desc(likes.isNew), desc(likes.createdAt), desc(likes.profileId))
    .limit(likedByLimit);
  return db
    .select({ liked: jsonListOf<CardJson>(liked), likedBy: jsonListOf<[number, boolean]>(likedBy) })
    .from(sql`(select 1) as one`)
    .prepare('likes_overview');
}

export function createLikesRepository(db: Executor) {
  const overviewVersion = prepareOverviewVersion(db);
  const overview = prepareOverview(db);
  return {
    /** The version of a member's likes overview (see prepareOverviewVersion). */
    async findOverviewVersion(profileId: number): Promise<string> {
      const [row] = await overviewVersion.execute({ profileId });
      return row ? `${row.given}|${row.received}|${row.blocks}|${row.restrictions}` : '';
    },

    /** Inserts the like (a repeat changes nothing); answers whether it is new. */
    async insertLike(profileId: number, targetId: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .insert(likes)
        .values({ profileId, targetProfileId: targetId })
        .onConflictDoNothing()
        .returning({ profileId: likes.profileId });
      return rows.length > 0;
    },

    async deleteLike(profileId: number, targetId: number, tx: Executor): Promise<void> {
      await tx.delete(likes).where(and(eq(likes.profileId, profileId), eq(likes.targetProfileId, targetId)));
    },

    async hasLike(profileId: number, targetId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql`1` })
        .from(likes)
        .where(and(eq(likes.profileId, profileId), eq(likes.targetProfileId, targetId)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Creates the match of a pair; answers true only for the call that created it (the pair is unique). `a` is the
     * member whose like made it: they see the moment in the like's answer, so their side is seen at `at`.
     */
    async insertMatch(a: number, b: number, tx: Executor, at: Date = new Date()): Promise<boolean> {
      const [low, high] = orderedPair(a, b);
      const rows = await tx
        .insert(matches)
        .values({
          lowProfileId: low,
          highProfileId: high,
          ...(a === low ? { lowSeenAt: at } : { highSeenAt: at }),
        })
        .onConflictDoNothing()
        .returning({ id: matches.id });
      return rows.length > 0;
    },

    async deleteMatch(a: number, b: number, tx: Executor): Promise<void> {
      const [low, high] = orderedPair(a, b);
      await tx.delete(matches).where(and(eq(matches.lowProfileId, low), eq(matches.highProfileId, high)));
    },

    /** Opening a profile: the like that member gave the viewer is no longer new. Answers whether it was. */
    async markSeen(likerId: number, viewerProfileId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(likes)
        .set({ isNew: false })
        .where(and(eq(likes.profileId, likerId), eq(likes.targetProfileId, viewerProfileId), sql`${likes.isNew}`))
        .returning({ profileId: likes.profileId });
      return rows.length > 0;
    },

    /**
     * likes.php: the cards of the members this one likes (newest like first, at most `likedLimit`) and who likes this
     * member (new likes first, then newest, at most `likedByLimit`), in one statement (prepareOverview).
     */
    async readOverview(
      siteId: number,
      profileId: number,
      likedLimit: number,
      likedByLimit: number,
    ): Promise<LikesOverviewRow> {
      const [row] = await overview.execute({ siteId, profileId, likedLimit, likedByLimit });
      return {
        liked: (row?.liked ?? []).map(cardOfJson),
        likedBy: (row?.likedBy ?? []).map(([id, isNew]) => ({ id, isNew })),
      };
    },

    /** One page of liked (newest first); `after` is the last row's [sortAt, id]. */
    async pageLiked(
      siteId: number,
      profileId: number,
      after: [string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<LikeListRow[]> {
      return tx
        .select({
          ...cardColumns,
          likeNew: sql<boolean>`false`,
          createdAt: likes.createdAt,
          sortAt: sql<string>`${likes.createdAt}::text`,
          sortId: likes.targetProfileId,
        })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.targetProfileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isVisibleLike('given', siteId, profileId),
            after
              ? sql`(${likes.createdAt}, ${likes.targetProfileId}) < (${after[0]}::timestamptz, ${after[1]})`
              : undefined,
          ),
        )
        .orderBy(desc(likes.createdAt), desc(likes.targetProfileId))
        .limit(limit);
    },

    /** One page of liked-by (new first, then newest); `after` is the last row's [isNew, sortAt, id]. */
    async pageLikedBy(
      siteId: number,
      profileId: number,
      after: [boolean, string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<LikeListRow[]> {
      return tx
        .select({
          ...cardColumns,
          likeNew: likes.isNew,
          createdAt: likes.createdAt,
          sortAt: sql<string>`${likes.createdAt}::text`,
          sortId: likes.profileId,
        })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isVisibleLike('received', siteId, profileId),
            after
              ? sql`(${likes.isNew}, ${likes.createdAt}, ${likes.profileId}) < (${after[0]}, ${after[1]}::timestamptz, ${after[2]})`
              : undefined,
          ),
        )
        .orderBy(desc(likes.isNew), desc(likes.createdAt), desc(likes.profileId))
        .limit(limit);
    },

    /** One page of matches (newest first); `after` is the last row's [sortAt, match id]. */
    async pageMatches(
      siteId: number,
      profileId: number,
      after: [string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<LikeListRow[]> {
      const otherId: SQL = sql`case when ${matches.lowProfileId} = ${profileId} then ${matches.highProfileId} else ${matches.lowProfileId} end`;
      return tx
        .select({
          ...cardColumns,
          likeNew: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${profiles.id} and ${likes.targetProfileId} = ${profileId} and ${likes.isNew})`,
          createdAt: matches.createdAt,
          sortAt: sql<string>`${matches.createdAt}::text`,
          sortId: matches.id,
        })
        .from(matches)
        .innerJoin(profiles, eq(profiles.id, otherId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            or(eq(matches.lowProfileId, profileId), eq(matches.highProfileId, profileId)),
            isViewable(siteId),
            isNotBlockedWith(profileId),
            after ? sql`(${matches.createdAt}, ${matches.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
          ),
        )
        .orderBy(desc(matches.createdAt), desc(matches.id))
        .limit(limit);
    },

    /**
     * The member's matches whose moment they have not seen, newest first, with the other member's card
     * (matches_low_unseen_idx / matches_high_unseen_idx): blocked or unavailable members are left out.
     */
    async listUnseenMatches(
      siteId: number,
      profileId: number,
      limit: number,
      tx: Executor = db,
    ): Promise<(CardRow & { matchedAt: Date })[]> {
      const otherId: SQL = sql`case when ${matches.lowProfileId} = ${profileId} then ${matches.highProfileId} else ${matches.lowProfileId} end`;
      return tx
        .select({ ...cardColumns, matchedAt: matches.createdAt })
        .from(matches)
        .innerJoin(profiles, eq(profiles.id, otherId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            or(
              and(eq(matches.lowProfileId, profileId), isNull(matches.lowSeenAt)),
              and(eq(matches.highProfileId, profileId), isNull(matches.highSeenAt)),
            ),
            isViewable(siteId),
            isNotBlockedWith(profileId),
          ),
        )
        .orderBy(desc(matches.id))
        .limit(limit);
    },

    /** The member saw the moment of their match with `otherId`; answers whether it was unseen. */
    async markMatchSeen(profileId: number, otherId: number, at: Date, tx: Executor = db): Promise<boolean> {
      const [low, high] = orderedPair(profileId, otherId);
      const isLow = profileId === low;
      const rows = await tx
        .update(matches)
        .set(isLow ? { lowSeenAt: at } : { highSeenAt: at })
        .where(
          and(
            eq(matches.lowProfileId, low),
            eq(matches.highProfileId, high),
            isNull(isLow ? matches.lowSeenAt : matches.highSeenAt),
          ),
        )
        .returning({ id: matches.id });
      return rows.length > 0;
    },

    /** When each side liked the other and when they matched (null where not). */
    async findPairTimes(profileId: number, otherId: number, tx: Executor = db) {
      const [low, high] = orderedPair(profileId, otherId);
      const [row] = await tx
        .select({
          likedAt:
            sql<Date | null>`(select ${likes.createdAt} from ${likes} where ${likes.profileId} = ${profileId} and ${likes.targetProfileId} = ${otherId})`.mapWith(
              (value) => (value ? new Date(value) : null),
            ),
          likedByAt:
            sql<Date | null>`(select ${likes.createdAt} from ${likes} where ${likes.profileId} = ${otherId} and ${likes.targetProfileId} = ${profileId})`.mapWith(
              (value) => (value ? new Date(value) : null),
            ),
          matchedAt:
            sql<Date | null>`(select ${matches.createdAt} from ${matches} where ${matches.lowProfileId} = ${low} and ${matches.highProfileId} = ${high})`.mapWith(
              (value) => (value ? new Date(value) : null),
            ),
        })
        .from(sql`(select 1) as one`);
      return row ?? { likedAt: null, likedByAt: null, matchedAt: null };
    },

    /** The newest member who likes this one and is not liked back (for the like modal), new likes first. */
    async findUnansweredLiker(siteId: number, profileId: number, tx: Executor = db): Promise<CardRow | undefined> {
      const [row] = await tx
        .select(cardColumns)
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isVisibleLike('received', siteId, profileId),
            sql`not exists (select 1 from ${likes} as answer where answer.profile_id = ${profileId} and answer.target_profile_id = ${profiles.id})`,
          ),
        )
        .orderBy(desc(likes.isNew), desc(likes.createdAt))
        .limit(1);
      return row;
    },

    /** The most relevant listed member with a photo (the like pop-up for visitors), of `country` when given. */
    async findRelevantWithPhoto(
      siteId: number,
      country: string | null,
      tx: Executor = db,
    ): Promise<CardRow | undefined> {
      const [row] = await tx
        .select(cardColumns)
        .from(profiles)
        .innerJoin(mainPhoto, mainPhotoJoin)
        .where(and(isListed(siteId), eq(profiles.hasPhoto, true), country ? eq(profiles.country, country) : undefined))
        .orderBy(...relevanceOrder)
        .limit(1);
      return row;
    },
  };
}
export type LikesRepository = ReturnType<typeof createLikesRepository>;
