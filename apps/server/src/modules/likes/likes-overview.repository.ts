// likes.php in one prepared statement, and the version that tells when it changed.
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonListOf } from '../../db/json-rows.ts';
import { blocks, likes, profiles } from '../../db/schema/index.ts';
import {
  cardJsonOf,
  cardOfJson,
  mainPhoto,
  mainPhotoJoin,
  restrictionsStampOf,
  type CardJson,
  type CardRow,
} from '../member-core/index.ts';
import { isVisibleLike } from './likes-filters.ts';
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

export function createLikesOverviewRepository(db: Executor) {
  const overviewVersion = prepareOverviewVersion(db);
  const overview = prepareOverview(db);
  return {
    /** The version of a member's likes overview (see prepareOverviewVersion). */
    async findOverviewVersion(profileId: number): Promise<string> {
      const [row] = await overviewVersion.execute({ profileId });
      return row ? `${row.given}|${row.received}|${row.blocks}|${row.restrictions}` : '';
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
  };
}
