// Sending a message: who may write to whom, what a send costs (debited with the stored message, once per client id),
// and the check that refuses a photo send before its (slow) processing. The send statement does the writing.
import { randomUUID } from 'node:crypto';
import { FREE_CONVERSATION_LIMIT, GIFT_KEYS, type SendMessageResponse } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { MessageKind, MessageRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { isNotEnoughCreditsError, notEnoughCredits } from '../credits/index.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';
import { partnerBlockReason, reasonError, type ChatSender, type ChatSite } from './chat-rules.ts';
import type { ChatsRepository } from './chats.repository.ts';
import { insertHeldMessage } from './held-messages.ts';
import { createMessageView } from './message-view.ts';
import { messageRowFromJson, type SendStatementInput, type SendStatementResult } from './send-statement.ts';

/** What the send asks safety about a held sender (docs/safety.md, "Risk"): whether the partner ever answered them. */
export type SendHold = {
  hasAnswered: (partnerProfileId: number, senderProfileId: number) => Promise<boolean>;
};

export type SendInput =
  | { kind: 'text'; clientId: string; text: string }
  | { kind: 'gift'; clientId: string; gift: string }
  | { kind: 'photo'; clientId: string; photo: { fileKey: string; thumbKey: string; width: number; height: number } };

/** Characters as a person counts them (code points), so an emoji is one. */
const lengthOf = (text: string) => [...text].length;

/**
 * Whether a send repeats the stored message of its client id (a retry: answered with that message) rather than
 * reusing the id for something else (409 client_id_reused, docs/chat.md). A photo is a fresh upload each time: its
 * size is compared here, its pixels by chat-photos.service.ts, which holds the files.
 */
function isSamePayload(stored: MessageRow, input: SendInput): boolean {
  if (stored.kind !== input.kind) return false;
  switch (input.kind) {
    case 'text':
      return stored.body === input.text;
    case 'gift':
      return stored.giftKey === input.gift;
    case 'photo':
      return stored.photoWidth === input.photo.width && stored.photoHeight === input.photo.height;
  }
}

function priceOf(site: ChatSite, kind: MessageKind): number {
  return kind === 'text' ? site.messageCredits : kind === 'photo' ? site.photoCredits : site.giftCredits;
}

function validate(site: ChatSite, input: SendInput): void {
  if (input.kind === 'text') {
    if (!input.text.trim()) throw new AppError(400, 'message_empty');
    if (lengthOf(input.text) > site.messageLength)
      throw new AppError(400, 'message_too_long', { max: site.messageLength });
  }
  if (input.kind === 'gift' && !(GIFT_KEYS as readonly string[]).includes(input.gift))
    throw new AppError(400, 'gift_invalid');
}

/** What the send statement takes for this send (its own transaction: locks, checks, debit, message, inboxes, event). */
function statementInput(
  sender: ChatSender,
  site: ChatSite,
  partnerId: number,
  input: SendInput,
  event: { eventId: string; at: Date; leaseMs: number },
): SendStatementInput {
  return {
    senderProfileId: sender.profileId,
    senderUserId: sender.userId,
    siteId: sender.siteId,
    isPremium: sender.isPremium,
    partnerProfileId: partnerId,
    clientId: input.clientId,
    kind: input.kind,
    body: input.kind === 'text' ? input.text : null,
    giftKey: input.kind === 'gift' ? input.gift : null,
    photo: input.kind === 'photo' ? input.photo : null,
    price: priceOf(site, input.kind),
    ledgerReason: input.kind === 'text' ? 'message' : input.kind,
    freeConversationLimit: FREE_CONVERSATION_LIMIT,
    ...event,
  };
}

/**
 * The stored message a retry answers (even if the partner changed since); another message under the same client id
 * is refused.
 */
function replayedMessage(
  result: Extract<SendStatementResult, { status: 'replay' }>,
  partnerId: number,
  input: SendInput,
): MessageRow {
  const stored = messageRowFromJson(result.message);
  if (result.partnerProfileId !== partnerId || !isSamePayload(stored, input))
    throw new AppError(409, 'client_id_reused');
  return stored;
}

export function createSendService(deps: {
  repo: Pick<ChatsRepository, 'send' | 'findPartner' | 'findBlockDirection'>;
  photoUrls: Pick<ChatPhotoUrls, 'sign'>;
  /** A send's statement writes its own `chat.sent` event, delivered here once it committed (send-delivery.service.ts). */
  outbox: Pick<Outbox, 'deliverCommitted' | 'leaseMs'>;
  /** Safety's hold (docs/safety.md, "Risk"): sends of a held member to partners who never answered wait for review. */
  hold: SendHold;
  db: Executor;
  now: () => Date;
}) {
  const { repo } = deps;

  /**
   * Holds the send when its sender is held (their member view says so: no query for anyone else) and the partner never
   * answered them; true when it did.
   */
  async function heldInstead(sender: ChatSender, partnerId: number, input: SendInput): Promise<boolean> {
    if (!sender.isRiskHeld) return false;
    if (await deps.hold.hasAnswered(partnerId, sender.profileId)) return false;
    const { clientId, ...rest } = input;
    await insertHeldMessage(deps.db, {
      senderProfileId: sender.profileId,
      partnerProfileId: partnerId,
      clientId,
      input: rest,
    });
    return true;
  }
  const toMessage = createMessageView(deps.photoUrls);
  /** The answer of a send: the message as the sender sees it, and the sender's balance. */
  const answerOf = (message: MessageRow, sender: ChatSender, credits: number): SendMessageResponse => ({
    message: toMessage(message, sender.profileId),
    conversation: { id: message.conversationId },
    credits,
  });

  return {
    /**
     * Sends a message from `sender` to the profile `partnerId`, starting the conversation when there is none.
     * The debit, the sequence number, the message and both members' list entries are one transaction; a client id
     * sent again answers the first message and changes nothing.
     */
    async send(
      sender: ChatSender,
      site: ChatSite,
      partnerId: number,
      input: SendInput,
      options: { isReleased?: boolean } = {},
    ): Promise<{ response: SendMessageResponse; isReplay: boolean }> {
      if (partnerId === sender.profileId) throw new AppError(400, 'cannot_message_self');
      validate(site, input);
      // Not delivered, not charged: a moderator decides (options.isReleased: their decision sends it now).
      if (!options.isReleased && (await heldInstead(sender, partnerId, input))) throw new AppError(403, 'message_held');
      const eventId = randomUUID();
      let result: SendStatementResult;
      try {
        const at = deps.now();
        result = await repo.send(
          statementInput(sender, site, partnerId, input, { eventId, at, leaseMs: deps.outbox.leaseMs }),
        );
      } catch (error) {
        if (isNotEnoughCreditsError(error)) throw notEnoughCredits();
        throw error;
      }
      if (result.status === 'replay')
        return {
          response: answerOf(replayedMessage(result, partnerId, input), sender, result.balance),
          isReplay: true,
        };
      if (result.status !== 'sent') throw reasonError(result.status, { name: result.partnerName ?? '' });
      const { status: _status, eventId: _eventId, ...event } = result;
      await deps.outbox.deliverCommitted([{ id: eventId, topic: 'chat.sent', payload: event }]);
      return { response: answerOf(messageRowFromJson(event.message), sender, event.balance), isReplay: false };
    },

    /** Rejects a send before its (slow) photo processing when it could not succeed anyway. */
    async assertCanSendPhoto(sender: ChatSender, partnerId: number): Promise<void> {
      if (!sender.isPremium) throw new AppError(403, 'premium_required_chat_photos');
      if (partnerId === sender.profileId) throw new AppError(400, 'cannot_message_self');
      const partner = await repo.findPartner(partnerId, sender.siteId);
      const reason = partnerBlockReason(partner) ?? (await repo.findBlockDirection(sender.profileId, partnerId));
      if (reason) throw reasonError(reason, partner);
    },
  };
}
export type SendService = ReturnType<typeof createSendService>;
