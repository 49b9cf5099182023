// What the likes repositories share: a list row, a pair's order, which likes a list shows.
import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import { likes } from '../../db/schema/index.ts';
import { isNotBlockedWith, isViewable, type CardRow } from '../member-core/index.ts';

/** A list row: the card, whether the like is unseen, when it happened, and its sort key as exact text. */
export type LikeListRow = CardRow & { likeNew: boolean; createdAt: Date; sortAt: string; sortId: number };

export const orderedPair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/**
 * The likes a list shows, with the other member's profile joined as `profiles`: `given` (by `profileId`)
 * or `received` (by others), only from or to openable members, never across a block either way.
 */
export function isVisibleLike(
  direction: 'given' | 'received',
  siteId: number | Placeholder,
  profileId: number | Placeholder,
): SQL | undefined {
  const own = direction === 'given' ? eq(likes.profileId, profileId) : eq(likes.targetProfileId, profileId);
  return and(own, isViewable(siteId), isNotBlockedWith(profileId));
}
