// A conversation answers a like (docs/members.md, "like_new"): once two members write, a like between them is no
// longer new, in the acknowledging transaction of the conversation's first `chat.sent` event (once, off the send's
// path; later sends spend nothing here, and a like made after the first message is answered when it makes the match);
// the likes poll of each member whose list changed hears it.
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { LikesRepository } from './likes.repository.ts';

export function consumeLikeEvents(
  outbox: Pick<Outbox, 'consume' | 'transaction'>,
  repo: Pick<LikesRepository, 'markPairSeen'>,
): () => void {
  return outbox.consume('chat.sent', async (event, { tx }) => {
    if (Number(event.message.seq) !== 1) return;
    const changed = await repo.markPairSeen(event.senderProfileId, event.partnerProfileId, tx);
    if (changed.length === 0) return;
    await outbox.transaction(
      (_tx, effects) => effects.emit('poll.changed', { kinds: ['likes'], profileIds: changed }),
      tx,
    );
  });
}
