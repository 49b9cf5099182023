// Liking, taking a like back and unmatching, each in one transaction under the pair's lock.
import { type LikeResponse } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Effects } from '../../plugins/outbox/index.ts';
import { type Viewer } from '../member-core/index.ts';
import type { LikesDeps } from './likes-deps.ts';

type Target = { id: number; name: string };

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

export function createLikeActions(
  deps: Pick<LikesDeps, 'db' | 'likesRepository' | 'blocks' | 'outbox' | 'conversations' | 'now'>,
) {
  const repo = deps.likesRepository;
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
        // Liking back answers the like: it is no longer new (the likes poll of both is told below). A match of two who
        // already wrote to each other is not new for either: the conversation took over.
        if (isMatch) await repo.markSeen(target.id, viewer.profileId, tx);
        if (isMatch && (await deps.conversations.hasConversation(viewer.profileId, target.id, tx)))
          await repo.markSeen(viewer.profileId, target.id, tx);
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
  };
}
