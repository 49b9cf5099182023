// Signup messages (docs/chat.md, "Sending"): written before the account was confirmed, each becomes the first message
// of its conversation inside the activation's transaction, free, exactly once.
import type { Executor } from '../../db/client.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import type { Effects } from '../../plugins/outbox/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';
import { partnerBlockReason, recordInboxChanges, type InboxEvent } from './chat-rules.ts';
import type { ChatsRepository } from './chats.repository.ts';
import { createMessageView } from './message-view.ts';

type SignupDeps = {
  repo: Pick<
    ChatsRepository,
    | 'listUndeliveredSignupMessages'
    | 'markSignupMessageDelivered'
    | 'profileIdOfUser'
    | 'findPartner'
    | 'lockInboxes'
    | 'findBlockDirection'
    | 'findConversationByPair'
    | 'createConversation'
    | 'nextSeq'
    | 'insertMessage'
    | 'bumpVersions'
    | 'touchBoth'
  >;
  blocks: Pick<BlocksService, 'lockPair'>;
  photoUrls: Pick<ChatPhotoUrls, 'sign'>;
  now: () => Date;
};

/** Stores a signup message as the next of the pair's conversation (and the partner's new version); null if it may not go. */
async function deliverOne(
  { repo, blocks }: SignupDeps,
  item: { id: number; targetProfileId: number; body: string },
  senderId: number,
  now: Date,
  tx: Executor,
): Promise<{ message: MessageRow; partnerVersion: number } | null> {
  const partner = await repo.findPartner(item.targetProfileId, null, tx);
  if (partnerBlockReason(partner) || !item.body.trim()) return null;
  await blocks.lockPair(senderId, item.targetProfileId, tx);
  await repo.lockInboxes([senderId, item.targetProfileId], tx);
  if (await repo.findBlockDirection(senderId, item.targetProfileId, tx)) return null;
  const conversation =
    (await repo.findConversationByPair(senderId, item.targetProfileId, tx)) ??
    (await repo.createConversation(senderId, item.targetProfileId, tx));
  const seq = await repo.nextSeq(conversation.id, tx);
  const message = await repo.insertMessage(
    {
      conversationId: conversation.id,
      seq,
      senderProfileId: senderId,
      clientId: `signup-${item.id}`,
      kind: 'text',
      body: item.body,
      createdAt: now,
    },
    tx,
  );
  const versions = await repo.bumpVersions([senderId, item.targetProfileId], tx);
  const partnerVersion = versions.get(item.targetProfileId)!;
  await repo.touchBoth(
    conversation.id,
    { profileId: senderId, version: versions.get(senderId)!, seq },
    { profileId: item.targetProfileId, version: partnerVersion },
    now,
    tx,
  );
  return { message, partnerVersion };
}

export function createSignupDelivery(deps: SignupDeps) {
  const { repo } = deps;
  const toMessage = createMessageView(deps.photoUrls);

  return {
    /**
     * Delivers the signup messages of a member whose account was just activated, inside that transaction: each
     * becomes the first message of its conversation (free: it was written before any credits), exactly once; what
     * follows the commit is recorded in that transaction's `effects`.
     */
    async deliverSignupMessages(userId: number, tx: Executor, effects: Effects): Promise<void> {
      const pending = await repo.listUndeliveredSignupMessages(userId, tx);
      const events: InboxEvent[] = [];
      const inboxes: number[] = [];
      const senderId = pending.length ? await repo.profileIdOfUser(userId, tx) : undefined;
      // Banned or suspended before confirming the address (docs/bans.md): the messages are settled, never delivered.
      const isSenderRestricted =
        senderId !== undefined && Boolean((await repo.findPartner(senderId, null, tx))?.isRestricted);
      const now = deps.now();
      for (const item of pending) {
        await repo.markSignupMessageDelivered(item.id, now, tx);
        if (!senderId || isSenderRestricted || item.targetProfileId === senderId) continue;
        const delivered = await deliverOne(deps, item, senderId, now, tx);
        if (!delivered) continue;
        inboxes.push(senderId, item.targetProfileId);
        events.push({
          profileIds: [item.targetProfileId],
          event: {
            type: 'message',
            message: toMessage(delivered.message, item.targetProfileId),
            partner_id: senderId,
            version: delivered.partnerVersion,
          },
        });
      }
      if (inboxes.length) await recordInboxChanges(effects, inboxes, events);
    },
  };
}
export type SignupDelivery = ReturnType<typeof createSignupDelivery>;
