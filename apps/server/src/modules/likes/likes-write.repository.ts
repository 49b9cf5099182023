// A member's likes: given, taken back, seen, and when each side of a pair liked the other.
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, matches } from '../../db/schema/index.ts';
import { orderedPair } from './likes-filters.ts';

export function createLikesWriteRepository(db: Executor) {
  return {
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
     * A conversation between the two (chats' `chat.sent`): neither's like of the other is new any more. One statement;
     * answers whose likes lists changed (the liked members).
     */
    async markPairSeen(profileId: number, otherId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .update(likes)
        .set({ isNew: false })
        .where(
          and(
            sql`${likes.isNew}`,
            or(
              and(eq(likes.profileId, profileId), eq(likes.targetProfileId, otherId)),
              and(eq(likes.profileId, otherId), eq(likes.targetProfileId, profileId)),
            ),
          ),
        )
        .returning({ targetProfileId: likes.targetProfileId });
      return rows.map((row) => row.targetProfileId);
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
  };
}
