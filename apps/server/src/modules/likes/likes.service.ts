// Like rules: like/unlike with matches made exactly once, the likes overview and lists, and like_new bookkeeping.
import {
  LIKES_PAGE_SIZE,
  MATCH_MOMENTS_LIMIT,
  type MatchMomentsResponse,
  type LikeListItem,
  type LikeListType,
  type LikeResponse,
  type LikesMemberResponse,
  type LikesResponse,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { entityTag } from '../../lib/conditional-get.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { PollVersions } from '../../plugins/poll-versions/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { toProfileCard, type CardRow, type SiteView, type Viewer } from '../member-core/index.ts';
import type { LikeListRow, LikesRepository } from './likes.repository.ts';

/** likes.php lists at most this many liked members and likers; the paged lists go further. */
const OVERVIEW_LIMIT = 500;
/**
 * The cards in likes.php also show what the likes do not version (online state, a new photo, a member who left):
 * a poll answers from the client's copy for at most this long when no like or block changed (docs/member-view.md).
 */
export const OVERVIEW_REFRESH_MS = 5 * 60 * 1000;

type Target = { id: number; name: string };

export function createLikesService(deps: {
  db: Database;
  likesRepository: LikesRepository;
  blocks: Pick<BlocksService, 'assertCanInteract' | 'lockPair'>;
  cursors: CursorCodec;
  /** Every like, unlike and seen like records its announcements in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /** likes.php's tag reads the likes version through it. */
  pollVersions: Pick<PollVersions, 'read'>;
  /** Unmatch takes the pair's conversation off both lists (the chats module's rule). */
  conversations: { hidePair(a: number, b: number, tx: Executor, effects: Effects): Promise<void> };
  now: () => Date;
}) {
  const repo = deps.likesRepository;

  /**
   * Records, in the like's transaction, what follows it: both polls change, the liked member's sockets hear of the
   * like (on a new match the liker's too, so the likes badge is live), and notifications start (`like.created`).
   */
  async function announceLike(
    effects: Effects,
    likerId: number,
    likedId: number,
    result: Pick<LikeResponse, 'is_match' | 'is_new_match'>,
  ): Promise<void> {
    await effects.emit('poll.changed', { kinds: ['likes'], profileIds: [likerId, likedId] });
    await effects.emit('realtime', {
      profileIds: [likedId],
      event: { type: 'like', profile_id: likerId, is_match: result.is_match },
    });
    if (result.is_new_match)
      await effects.emit('realtime', {
        profileIds: [likerId],
        event: { type: 'like', profile_id: likedId, is_match: true },
      });
    await effects.emit('like.created', { likerProfileId: likerId, likedProfileId: likedId, isMatch: result.is_match });
  }

  /** The like `likerId` gave the viewer is no longer new; the viewer's likes poll finds it when it was. */
  async function markSeen(viewer: Pick<Viewer, 'profileId'>, likerId: number): Promise<void> {
    await deps.outbox.transaction(async (tx, effects) => {
      if (await repo.markSeen(likerId, viewer.profileId, tx))
        await effects.emit('poll.changed', { kinds: ['likes'], profileIds: [viewer.profileId] });
    });
  }

  function toListItem(row: LikeListRow, site: SiteView, now: Date): LikeListItem {
    return {
      ...toProfileCard(row, site, now),
      like_new: Boolean(row.likeNew),
      created_at: row.createdAt.toISOString(),
    };
  }

  return {
    /**
     * Likes `target`. The pair is locked for the transaction (the same lock blocking takes), so two
     * members liking each other at the same moment make exactly one match, and a block cannot slip
     * between the check and the like. `executor` lets the swipe game like inside its own transaction (an outbox
     * transaction: the like's announcements are delivered once that one committed).
     */
    async like(viewer: Pick<Viewer, 'profileId'>, target: Target, executor: Executor = deps.db): Promise<LikeResponse> {
      if (target.id === viewer.profileId) throw new AppError(400, 'cannot_like_self');
      return deps.outbox.transaction(async (tx, effects) => {
        await deps.blocks.lockPair(viewer.profileId, target.id, tx);
        await deps.blocks.assertCanInteract(viewer, target, tx);
        await repo.insertLike(viewer.profileId, target.id, tx);
        const isMatch = await repo.hasLike(target.id, viewer.profileId, tx);
        const isNewMatch = isMatch && (await repo.insertMatch(viewer.profileId, target.id, tx, deps.now()));
        const result = { is_liked: true, is_match: isMatch, is_new_match: isNewMatch };
        await announceLike(effects, viewer.profileId, target.id, result);
        return result;
      }, executor);
    },

    /** Takes a like back; a match between the two ends with it. Unliking what was never liked is fine. */
    async unlike(viewer: Pick<Viewer, 'profileId'>, targetId: number): Promise<LikeResponse> {
      await deps.outbox.transaction(async (tx, effects) => {
        await deps.blocks.lockPair(viewer.profileId, targetId, tx);
        await repo.deleteLike(viewer.profileId, targetId, tx);
        await repo.deleteMatch(viewer.profileId, targetId, tx);
        await effects.emit('poll.changed', { kinds: ['likes'], profileIds: [viewer.profileId, targetId] });
      });
      return { is_liked: false, is_match: false, is_new_match: false };
    },

    /**
     * POST /api/unmatch.php: the match ends for both. Both likes are withdrawn (neither shows in the other's likes
     * lists any more), the match is gone, and the conversation leaves both chat lists, in one transaction. Writing
     * again starts over like any first message; blocking is what stops contact for good (docs/members.md).
     */
    async unmatch(viewer: Pick<Viewer, 'profileId'>, targetId: number): Promise<LikeResponse> {
      if (targetId === viewer.profileId) throw new AppError(400, 'cannot_like_self');
      await deps.outbox.transaction(async (tx, effects) => {
        await deps.blocks.lockPair(viewer.profileId, targetId, tx);
        await repo.deleteLike(viewer.profileId, targetId, tx);
        await repo.deleteLike(targetId, viewer.profileId, tx);
        await repo.deleteMatch(viewer.profileId, targetId, tx);
        await deps.conversations.hidePair(viewer.profileId, targetId, tx, effects);
        await effects.emit('poll.changed', { kinds: ['likes'], profileIds: [viewer.profileId, targetId] });
        await effects.emit('realtime', {
          profileIds: [targetId],
          event: { type: 'unmatch', profile_id: viewer.profileId },
        });
      });
      return { is_liked: false, is_match: false, is_new_match: false };
    },

    markSeen,

    /**
     * GET /api/match-moments.php: the matches whose moment the member has not seen (the other member's like made them
     * while they were away, or on another tab), newest first, at most MATCH_MOMENTS_LIMIT.
     */
    async matchMoments(viewer: Pick<Viewer, 'profileId' | 'siteId'>, site: SiteView): Promise<MatchMomentsResponse> {
      const now = deps.now();
      const rows = await repo.listUnseenMatches(viewer.siteId, viewer.profileId, MATCH_MOMENTS_LIMIT);
      return {
        moments: rows.map((row) => ({
          profile: toProfileCard(row, site, now),
          matched_at: row.matchedAt.toISOString(),
        })),
      };
    },

    /** POST /api/match-moments.php: the member saw the moment (once; again is fine). */
    async matchMomentSeen(viewer: Pick<Viewer, 'profileId'>, otherId: number): Promise<{ seen: true }> {
      await repo.markMatchSeen(viewer.profileId, otherId, deps.now());
      return { seen: true };
    },

    /**
     * The entity tag of the likes.php answer: the member's likes and blocks version, the site's card settings and
     * the current OVERVIEW_REFRESH_MS window. One small indexed query; the answer itself is not built.
     */
    async overviewTag(viewer: Pick<Viewer, 'profileId'>, site: SiteView): Promise<string> {
      const window = Math.floor(deps.now().getTime() / OVERVIEW_REFRESH_MS);
      const version = await deps.pollVersions.read('likes', viewer.profileId, window, () =>
        repo.findOverviewVersion(viewer.profileId),
      );
      return entityTag([
        'likes',
        viewer.profileId,
        version,
        window,
        site.id,
        site.cdnPrefix,
        site.visibleProfileFields,
        site.minAge,
      ]);
    },

    /** GET /api/likes.php: the members liked (newest first) and the likers (new likes first). */
    async getOverview(viewer: Pick<Viewer, 'profileId' | 'siteId'>, site: SiteView): Promise<LikesResponse> {
      const now = deps.now();
      const { liked, likedBy } = await repo.readOverview(
        viewer.siteId,
        viewer.profileId,
        OVERVIEW_LIMIT,
        OVERVIEW_LIMIT * 2,
      );
      return {
        profiles: liked.map((row) => toProfileCard(row, site, now)),
        liked_by: likedBy.map((row) => ({ id: row.id, like_new: row.isNew })),
      };
    },

    /** One page of a likes list (`/likes/{type}`). */
    async getList(viewer: Pick<Viewer, 'profileId' | 'siteId'>, site: SiteView, type: LikeListType, cursor?: string) {
      const limit = LIKES_PAGE_SIZE + 1;
      let rows: LikeListRow[];
      if (type === 'liked-by') {
        const after = cursor ? (deps.cursors.decode('liked-by', cursor, 'btn') as [boolean, string, number]) : null;
        rows = await repo.pageLikedBy(viewer.siteId, viewer.profileId, after, limit);
      } else if (type === 'liked') {
        const after = cursor ? (deps.cursors.decode('liked', cursor, 'tn') as [string, number]) : null;
        rows = await repo.pageLiked(viewer.siteId, viewer.profileId, after, limit);
      } else {
        const after = cursor ? (deps.cursors.decode('matches', cursor, 'tn') as [string, number]) : null;
        rows = await repo.pageMatches(viewer.siteId, viewer.profileId, after, limit);
      }
      const page = rows.slice(0, LIKES_PAGE_SIZE);
      const last = page.at(-1);
      const hasMore = rows.length > LIKES_PAGE_SIZE && last;
      const nextCursor = !hasMore
        ? null
        : type === 'liked-by'
          ? deps.cursors.encode(type, [Boolean(last.likeNew), last.sortAt, last.sortId])
          : deps.cursors.encode(type, [last.sortAt, last.sortId]);
      const now = deps.now();
      return { profiles: page.map((row) => toListItem(row, site, now)), next_cursor: nextCursor };
    },

    /** `/likes/m/{id}`: the likes between the member and one other; opening it clears like_new. */
    async getPair(viewer: Pick<Viewer, 'profileId'>, site: SiteView, other: CardRow): Promise<LikesMemberResponse> {
      const times = await repo.findPairTimes(viewer.profileId, other.id);
      await markSeen(viewer, other.id);
      return {
        profile: toProfileCard(other, site, deps.now()),
        is_liked: Boolean(times.likedAt),
        is_liked_by: Boolean(times.likedByAt),
        is_match: Boolean(times.matchedAt),
        liked_at: times.likedAt?.toISOString() ?? null,
        liked_by_at: times.likedByAt?.toISOString() ?? null,
        matched_at: times.matchedAt?.toISOString() ?? null,
      };
    },

    findUnansweredLiker(viewer: Pick<Viewer, 'profileId' | 'siteId'>): Promise<CardRow | undefined> {
      return repo.findUnansweredLiker(viewer.siteId, viewer.profileId);
    },

    /** For visitors: the most relevant member with a photo, from the visitor's GeoIP country when it has one (docs/search-relevance.md). */
    async findRelevantWithPhoto(siteId: number, visitorCountry: string | null): Promise<CardRow | undefined> {
      return (
        (visitorCountry ? await repo.findRelevantWithPhoto(siteId, visitorCountry) : undefined) ??
        repo.findRelevantWithPhoto(siteId, null)
      );
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
