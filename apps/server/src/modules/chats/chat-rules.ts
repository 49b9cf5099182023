// What every chat use case shares: the site's chat settings, who acts, why a member may not write to a partner (as an
// error), and what a commit that bumped inboxes records for after it (docs/event-bus.md).
import { FREE_CONVERSATION_LIMIT, type SendBlockedReason, type SocketServerEvent } from '@app/contracts';
import type { SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Effects } from '../../plugins/outbox/index.ts';
import type { Viewer } from '../member-core/index.ts';
import type { PartnerRow } from './conversations.repository.ts';

export const conversationNotFound = () => new AppError(404, 'conversation_not_found');

export type ChatSite = Pick<
  SiteRow,
  'id' | 'cdnPrefix' | 'messageCredits' | 'photoCredits' | 'giftCredits' | 'messageLength'
>;
export type ChatSender = Pick<Viewer, 'userId' | 'profileId' | 'siteId' | 'isPremium' | 'name' | 'isRiskHeld'>;
export type ChatMember = Pick<Viewer, 'profileId' | 'siteId' | 'isPremium'>;
/** A socket event for these members, recorded in a transaction for after its commit. */
export type InboxEvent = { profileIds: number[]; event: SocketServerEvent };

/** Why a member may not write to `partner` now (its site asked for when it was read), or null: the SQL's one rule. */
export function partnerBlockReason(partner: PartnerRow | undefined): SendBlockedReason | null {
  return partner ? partner.blockReason : 'partner_gone';
}

export function reasonError(reason: SendBlockedReason, partner: Pick<PartnerRow, 'name'> | undefined): AppError {
  switch (reason) {
    case 'partner_gone':
      return new AppError(404, 'profile_not_found');
    case 'profile_not_messageable':
      return new AppError(403, 'profile_not_messageable');
    case 'partner_not_confirmed':
      return new AppError(403, 'partner_not_confirmed', { name: partner?.name ?? '' });
    case 'member_unavailable':
      return new AppError(403, 'member_unavailable', { name: partner?.name ?? '' });
    case 'blocked_by':
      return new AppError(403, 'blocked_by', { name: partner?.name ?? '' });
    case 'member_blocked':
      return new AppError(403, 'member_blocked');
    case 'conversation_limit_reached':
      return new AppError(403, 'conversation_limit_reached', { max: FREE_CONVERSATION_LIMIT });
  }
}

/**
 * Records, in a transaction that bumped these inboxes, what follows its commit: polls of them find the change, the
 * sockets hear of it, and a message to a partner starts its notifications (`chat.message`).
 */
export async function recordInboxChanges(effects: Effects, inboxes: number[], events: InboxEvent[]): Promise<void> {
  await effects.emit('poll.changed', { kinds: ['chats'], profileIds: inboxes });
  for (const { profileIds, event } of events) {
    await effects.emit('realtime', { profileIds, event });
    if (event.type === 'message' && !event.message.is_mine && profileIds.length === 1)
      await effects.emit('chat.message', {
        recipientProfileId: profileIds[0]!,
        senderProfileId: event.partner_id,
        conversationId: event.message.conversation_id,
        seq: event.message.seq,
      });
  }
}
