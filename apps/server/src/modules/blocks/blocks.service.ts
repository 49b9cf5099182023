// Blocking rules: block/unblock, the blocked list, and the checks every member-to-member action runs (likes, swipes, chat).
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Viewer } from '../member-core/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { BlocksRepository } from './blocks.repository.ts';

/** SPEC section 8: "You're blocked by {name}". */
export const blockedBy = (name: string) => new AppError(403, 'blocked_by', { name });
/** The member acting blocked the other one: unblock first. */
export const memberBlocked = () => new AppError(403, 'member_blocked');

export function createBlocksService(deps: {
  db: Database;
  blocksRepository: BlocksRepository;
  /** A block or unblock records in its transaction that both members' polls change (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /**
   * A block removes the likes both ways and the pair's match, in its transaction: likes owns those tables and
   * depends on blocks, so the composition root hands in its `removeLikesAndMatch`.
   */
  removeLikesAndMatch: (tx: Executor, profileId: number, otherId: number) => Promise<void>;
}) {
  const repo = deps.blocksRepository;
  /** A block hides likes and conversations either way: both members' polls must find it. */
  const announceBlock = (effects: Effects, profileId: number, otherId: number) =>
    effects.emit('poll.changed', { kinds: ['likes', 'chats'], profileIds: [profileId, otherId] });
  /** Blocks inside the caller's outbox transaction (also a report that blocks, docs/reports.md). */
  async function blockInTransaction(
    viewer: Pick<Viewer, 'profileId'>,
    otherId: number,
    tx: Executor,
    effects: Effects,
  ): Promise<void> {
    if (otherId === viewer.profileId) throw new AppError(400, 'cannot_block_self');
    await repo.lockPair(viewer.profileId, otherId, tx);
    await repo.block(viewer.profileId, otherId, tx);
    await deps.removeLikesAndMatch(tx, viewer.profileId, otherId);
    await announceBlock(effects, viewer.profileId, otherId);
  }
  return {
    /**
     * Throws unless the two may interact: 403 `blocked_by` { name } when `other` blocked the viewer,
     * 403 `member_blocked` when the viewer blocked `other`. For likes, swipes and (later) chat and gifts.
     */
    async assertCanInteract(
      viewer: Pick<Viewer, 'profileId'>,
      other: { id: number; name: string },
      tx: Executor = deps.db,
    ): Promise<void> {
      const state = await repo.findState(viewer.profileId, other.id, tx);
      if (state.isBlockedBy) throw blockedBy(other.name);
      if (state.isBlocked) throw memberBlocked();
    },

    async block(viewer: Pick<Viewer, 'profileId'>, otherId: number): Promise<void> {
      if (otherId === viewer.profileId) throw new AppError(400, 'cannot_block_self');
      await deps.outbox.transaction((tx, effects) => blockInTransaction(viewer, otherId, tx, effects));
    },

    blockInTransaction,

    async unblock(viewer: Pick<Viewer, 'profileId'>, otherId: number): Promise<void> {
      await deps.outbox.transaction(async (tx, effects) => {
        await repo.unblock(viewer.profileId, otherId, tx);
        await announceBlock(effects, viewer.profileId, otherId);
      });
    },

    listBlocked(viewer: Pick<Viewer, 'profileId' | 'siteId'>) {
      return repo.listBlocked(viewer.siteId, viewer.profileId);
    },

    lockPair: repo.lockPair,
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;
