// Matches: made once per pair, undone, their moment seen.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matches } from '../../db/schema/index.ts';
import { orderedPair } from './likes-filters.ts';

export function createMatchesWriteRepository(db: Executor) {
  return {
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
  };
}
