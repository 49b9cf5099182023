// Drizzle queries on blocks (a block's removal of likes and the match is the likes module's, blocks.service.ts).
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blocks, profiles } from '../../db/schema/index.ts';
import { cardColumns, isViewable, mainPhoto, mainPhotoJoin, type CardRow } from '../member-core/index.ts';

export type BlockState = { isBlocked: boolean; isBlockedBy: boolean };

export function createBlocksRepository(db: Executor) {
  return {
    async findState(profileId: number, otherId: number, tx: Executor = db): Promise<BlockState> {
      const rows = await tx
        .select({ profileId: blocks.profileId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.profileId, profileId), eq(blocks.blockedProfileId, otherId)),
            and(eq(blocks.profileId, otherId), eq(blocks.blockedProfileId, profileId)),
          ),
        );
      return {
        isBlocked: rows.some((row) => row.profileId === profileId),
        isBlockedBy: rows.some((row) => row.profileId === otherId),
      };
    },

    /** Inserts the block, in the caller's transaction. */
    async block(profileId: number, otherId: number, tx: Executor): Promise<void> {
      await tx.insert(blocks).values({ profileId, blockedProfileId: otherId }).onConflictDoNothing();
    },

    async unblock(profileId: number, otherId: number, tx: Executor = db): Promise<void> {
      await tx.delete(blocks).where(and(eq(blocks.profileId, profileId), eq(blocks.blockedProfileId, otherId)));
    },

    /** The members this one blocked (still openable ones), newest block first. */
    async listBlocked(siteId: number, profileId: number, tx: Executor = db): Promise<CardRow[]> {
      return tx
        .select(cardColumns)
        .from(blocks)
        .innerJoin(profiles, eq(profiles.id, blocks.blockedProfileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(and(eq(blocks.profileId, profileId), isViewable(siteId)))
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedProfileId))
        .limit(500);
    },

    /** Serialises like/match/block changes of one pair of profiles until the transaction ends. */
    async lockPair(profileId: number, otherId: number, tx: Executor): Promise<void> {
      const [low, high] = profileId < otherId ? [profileId, otherId] : [otherId, profileId];
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pair:${low}:${high}`}, 0))`);
    },
  };
}
export type BlocksRepository = ReturnType<typeof createBlocksRepository>;
