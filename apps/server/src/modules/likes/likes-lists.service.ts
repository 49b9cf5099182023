// The paged likes lists, one pair's likes, and the like a member saw.
import { LIKES_PAGE_SIZE, type LikeListItem, type LikeListType, type LikesMemberResponse } from '@app/contracts';
import { toProfileCard, type CardRow, type SiteView, type Viewer } from '../member-core/index.ts';
import type { LikeListRow } from './likes.repository.ts';
import type { LikesDeps } from './likes-deps.ts';

function toListItem(row: LikeListRow, site: SiteView, now: Date): LikeListItem {
  return {
    ...toProfileCard(row, site, now),
    like_new: Boolean(row.likeNew),
    created_at: row.createdAt.toISOString(),
  };
}

export function createLikesLists(deps: Pick<LikesDeps, 'likesRepository' | 'cursors' | 'outbox' | 'now'>) {
  const repo = deps.likesRepository;

  /** The like `likerId` gave the viewer is no longer new; the viewer's likes poll finds it when it was. */
  async function markSeen(viewer: Pick<Viewer, 'profileId'>, likerId: number): Promise<void> {
    await deps.outbox.transaction(async (tx, effects) => {
      if (await repo.markSeen(likerId, viewer.profileId, tx))
        await effects.emit('poll.changed', { kinds: ['likes'], profileIds: [viewer.profileId] });
    });
  }

  return {
    markSeen,

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
  };
}
