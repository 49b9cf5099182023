// A block ends what two members had (likes owns `likes` and `matches`): the likes both ways and their match go, in
// the block's transaction. Blocks cannot import likes (likes checks blocks), so the composition root hands it this.
import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, matches } from '../../db/schema/index.ts';

/** Deletes the likes between the two profiles, both ways, and their match. */
export async function removeLikesAndMatch(tx: Executor, profileId: number, otherId: number): Promise<void> {
  await tx
    .delete(likes)
    .where(
      or(
        and(eq(likes.profileId, profileId), eq(likes.targetProfileId, otherId)),
        and(eq(likes.profileId, otherId), eq(likes.targetProfileId, profileId)),
      ),
    );
  const [low, high] = profileId < otherId ? [profileId, otherId] : [otherId, profileId];
  await tx.delete(matches).where(and(eq(matches.lowProfileId, low), eq(matches.highProfileId, high)));
}
