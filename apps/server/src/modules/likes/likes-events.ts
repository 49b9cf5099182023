// A conversation answers a like (docs/members.md, "New likes"): once two members write, a like between them is no
// longer new, in the acknowledging transaction of the send's `chat.sent` event (once per event, off the send's path);
// the likes poll of each member whose list changed hears it.
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { LikesRepository } from './likes.repository.ts';

export function consumeLikeEvents(
  outbox: Pick<Outbox, 'consume' | 'transaction'>,
  repo: Pick<LikesRepository, 'markPairSeen'>,
): () => void {
  return outbox.consume('chat.sent', async (event, { tx }) => {
    const changed = await repo.markPairSeen(event.senderProfileId, event.partnerProfileId, tx);
    if (changed.length === 0) return;
    await outbox.transaction(
      (_tx, effects) => effects.emit('poll.changed', { kinds: ['likes'], profileIds: changed }),
      tx,
    );
  });
}
