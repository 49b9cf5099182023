// Drizzle queries of the swipe game: swiped profiles and the per-day like counter.
import { and, eq, sql } from 'drizzle-orm';
import type { ProfileCard } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { withFirstPrompts } from '../member-core/index.ts';
import { swipeDays, swipes } from '../../db/schema/index.ts';

export function createSwipeRepository(db: Executor) {
  return {
    /** The deck's cards with their members' first prompts (one primary-key query). */
    withFirstPrompts: (cards: ProfileCard[]) => withFirstPrompts(db, cards),

    async likesUsed(profileId: number, day: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ likes: swipeDays.likes })
        .from(swipeDays)
        .where(and(eq(swipeDays.profileId, profileId), eq(swipeDays.day, day)));
      return row?.likes ?? 0;
    },

    /**
     * Counts one like for the day unless `max` are used already: one conditional upsert, so parallel
     * swipes cannot exceed the limit. Answers the new count, or null when the limit was reached.
     */
    async useLike(profileId: number, day: string, max: number, tx: Executor): Promise<number | null> {
      const rows = await tx
        .insert(swipeDays)
        .values({ profileId, day, likes: 1 })
        .onConflictDoUpdate({
          target: [swipeDays.profileId, swipeDays.day],
          set: { likes: sql`${swipeDays.likes} + 1` },
          setWhere: sql`${swipeDays.likes} < ${max}`,
        })
        .returning({ likes: swipeDays.likes });
      return rows[0]?.likes ?? null;
    },

    async recordSwipe(profileId: number, targetId: number, action: 'like' | 'skip', tx: Executor = db): Promise<void> {
      await tx
        .insert(swipes)
        .values({ profileId, targetProfileId: targetId, action })
        .onConflictDoUpdate({
          target: [swipes.profileId, swipes.targetProfileId],
          set: { action, createdAt: sql`now()` },
        });
    },

    /** For the candidate query: profiles this member has not swiped yet. */
  };
}
export type SwipeRepository = ReturnType<typeof createSwipeRepository>;
