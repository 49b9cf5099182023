// Delivering a committed send: the `chat.sent` outbox event its statement wrote (docs/chat-scaling.md), heard by the
// polls, the sockets and every instance's member view.
import type { ChatSentEvent } from '../../plugins/outbox/index.ts';
import type { MemberEvents } from '../../plugins/session/index.ts';
import type { PollVersions } from '../../plugins/poll-versions/index.ts';
import type { Realtime } from '../../plugins/realtime/index.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';
import { createMessageView, type PhotoBlur } from './message-view.ts';
import { messageRowFromJson } from './send-statement.ts';

export function createSendDelivery(deps: {
  photoUrls: Pick<ChatPhotoUrls, 'sign'>;
  /** A photo reaches its receiver blurred when their choice says so (docs/safety.md). */
  photoBlur: PhotoBlur;
  /** A send's delivery drops both members' chats.php versions. */
  pollVersions: Pick<PollVersions, 'deliver'>;
  realtime: Pick<Realtime, 'publish'>;
  /** A paid send's delivery hands the sender's new balance to every instance's member view. */
  memberEvents: Pick<MemberEvents, 'creditsChanged'>;
}) {
  const toMessage = createMessageView(deps.photoUrls);
  return {
    /**
     * Delivers a `chat.sent` outbox event (services.ts): both members' lists change, both members' sockets hear of
     * the message (the sender's with the new balance), the partner's of the unread total, and every instance takes
     * the sender's new balance into its cached member view. What it publishes is one bus message (the outbox batch).
     */
    async deliverSent(event: ChatSentEvent, id: string): Promise<void> {
      const message = messageRowFromJson(event.message);
      const { senderProfileId: sender, partnerProfileId: partner } = event;
      await deps.pollVersions.deliver(['chats'], [sender, partner]);
      const blurred =
        message.kind === 'photo'
          ? await deps.photoBlur.blurredFor({ userId: event.partnerUserId, profileId: partner }, sender, [message])
          : undefined;
      await deps.realtime.publish(
        [partner],
        {
          type: 'message',
          message: toMessage(message, partner, blurred),
          partner_id: sender,
          version: event.partnerVersion,
        },
        `${id}:partner`,
      );
      await deps.realtime.publish(
        [sender],
        {
          type: 'message',
          message: toMessage(message, sender),
          partner_id: partner,
          version: event.senderVersion,
          credits: event.balance,
        },
        `${id}:sender`,
      );
      await deps.realtime.publish(
        [partner],
        { type: 'unread', unread_total: event.partnerUnreadTotal },
        `${id}:unread`,
      );
      if (event.isDebit)
        await deps.memberEvents.creditsChanged(event.senderUserId, event.balance, event.balanceVersion);
    },
  };
}
export type SendDelivery = ReturnType<typeof createSendDelivery>;
