// What events set in motion (docs/notifications.md, "What starts a notification"): a like or a message queues its
// push, mail and reminder jobs, in the transaction acknowledging the outbox event, after the action committed. Nothing
// is sent here.
import type { Executor } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Outbox, OutboxEvents } from '../../plugins/outbox/index.ts';
import { likeMailTime, messageMailTime, UNREAD_REMINDER_DELAY_MS } from './mail-windows.ts';
import { JOBS, type PushJob, type PushKind } from './notification-jobs.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

type EventsDeps = {
  repo: Pick<
    NotificationsRepository,
    'findRecipientByProfile' | 'findSubject' | 'findLikedAt' | 'setDueOnce' | 'markMessagePendingAndReminderDue'
  >;
  jobs: Pick<JobQueue, 'enqueue'>;
  now: () => Date;
};
type MessageEvent = OutboxEvents['chat.message'] & { recipientUserId?: number };

/**
 * A message reached its recipient's inbox: the push, the conversation's mail and the unread reminder are queued (or
 * moved). `recipientUserId` when the sender already knows the account (a send checked it in its own statement).
 */
async function onMessage(deps: EventsDeps, event: MessageEvent, tx: Executor): Promise<void> {
  const { repo } = deps;
  const { recipientProfileId, senderProfileId, conversationId, seq } = event;
  let userId = event.recipientUserId;
  if (userId === undefined) {
    const recipient = await repo.findRecipientByProfile(recipientProfileId, tx);
    if (!recipient || recipient.isRestricted) return;
    userId = recipient.userId;
  }
  const now = deps.now();
  const kind: PushKind = seq === 1 ? 'new_conversations' : 'new_messages';
  await deps.jobs.enqueue(
    JOBS.push,
    { userId, kind, profileId: senderProfileId, conversationId, seq } satisfies PushJob,
    { uniqueKey: `push:c:${userId}:${conversationId}`, tx },
  );
  const state = await repo.markMessagePendingAndReminderDue(
    userId,
    conversationId,
    now,
    new Date(now.getTime() + UNREAD_REMINDER_DELAY_MS),
    tx,
  );
  const runAt = messageMailTime(state.pendingSince ?? now, state.mailedAt);
  await deps.jobs.enqueue(
    JOBS.messageMail,
    { userId, conversationId },
    { uniqueKey: `message-mail:${userId}:${conversationId}`, runAt, tx },
  );
  await deps.jobs.enqueue(
    JOBS.unreadReminder,
    { userId },
    { uniqueKey: `unread-reminder:${userId}`, runAt: state.reminderDue, tx },
  );
}

async function onLike(deps: EventsDeps, event: OutboxEvents['like.created'], tx: Executor): Promise<void> {
  const { repo } = deps;
  const { likedProfileId, likerProfileId, isMatch } = event;
  const recipient = await repo.findRecipientByProfile(likedProfileId, tx);
  if (!recipient || recipient.isRestricted) return;
  const liker = await repo.findSubject(likerProfileId, tx);
  // Invisible members' likes count and make matches, but nothing announces them; nor a banned or suspended member.
  if (!liker || liker.isInvisible || liker.isRestricted) return;
  if (isMatch) {
    // Both hear of a new match; the one whose like made it just saw "It's a match" on the site.
    // One query after the other: a transaction's queries run in turn anyway.
    const theirs = await repo.findLikedAt(likerProfileId, likedProfileId, tx);
    const mine = await repo.findLikedAt(likedProfileId, likerProfileId, tx);
    if (theirs && mine && mine >= theirs) return;
  }
  const now = deps.now();
  await deps.jobs.enqueue(
    JOBS.push,
    { userId: recipient.userId, kind: isMatch ? 'match' : 'like', profileId: likerProfileId } satisfies PushJob,
    { uniqueKey: `push:l:${recipient.userId}:${likerProfileId}`, tx },
  );
  if (isMatch) {
    await deps.jobs.enqueue(
      JOBS.matchMail,
      { userId: recipient.userId, profileId: likerProfileId },
      { uniqueKey: `match-mail:${recipient.userId}:${likerProfileId}`, tx },
    );
    return;
  }
  const due = await repo.setDueOnce(recipient.userId, 'likeMailDueAt', likeMailTime(now, recipient.likeMailedAt), tx);
  await deps.jobs.enqueue(
    JOBS.likeMail,
    { userId: recipient.userId },
    { uniqueKey: `like-mail:${recipient.userId}`, runAt: due, tx },
  );
}

export function createNotificationEvents(deps: EventsDeps) {
  return {
    /**
     * A like (outbox event `like.created`, consumed in the transaction that acknowledges it: once per event): the
     * liked member hears of it; of a match both do, except the one whose like made it (they saw "It's a match").
     */
    async onLikeCreated(event: OutboxEvents['like.created'], tx: Executor): Promise<void> {
      await onLike(deps, event, tx);
      if (event.isMatch)
        await onLike(
          deps,
          { likerProfileId: event.likedProfileId, likedProfileId: event.likerProfileId, isMatch: true },
          tx,
        );
    },

    /** A partner's message (outbox event `chat.message`, consumed like `like.created`): push, mail and reminder jobs. */
    onChatMessage: (event: MessageEvent, tx: Executor): Promise<void> => onMessage(deps, event, tx),
  };
}
export type NotificationEvents = ReturnType<typeof createNotificationEvents>;

/**
 * Notifications start from domain events, not from socket traffic: each event is consumed in the transaction that
 * acknowledges it in the outbox (plugins/outbox), so its jobs are enqueued once, also when a crash delayed it.
 */
export function consumeNotificationEvents(
  outbox: Pick<Outbox, 'consume'>,
  notifications: Pick<NotificationEvents, 'onLikeCreated' | 'onChatMessage'>,
): () => void {
  // Of a conversation's messages acknowledged together, the newest one's jobs replace the others' (each job has the
  // conversation's or the member's unique key, so queuing the older ones first would only be overwritten).
  const sameConversation = (recipientProfileId: number, conversationId: unknown) =>
    `${recipientProfileId}:${String(conversationId)}`;
  const stops = [
    outbox.consume('like.created', (event, { tx }) => notifications.onLikeCreated(event, tx)),
    outbox.consume('chat.message', (event, { tx }) => notifications.onChatMessage(event, tx), {
      supersededBy: (event) => sameConversation(event.recipientProfileId, event.conversationId),
    }),
    // A member's send (chat_send): the same notifications as for any message that reached the partner's inbox.
    outbox.consume(
      'chat.sent',
      (event, { tx }) =>
        notifications.onChatMessage(
          {
            recipientProfileId: event.partnerProfileId,
            senderProfileId: event.senderProfileId,
            conversationId: Number(event.message.conversation_id),
            seq: Number(event.message.seq),
            recipientUserId: event.partnerUserId,
          },
          tx,
        ),
      { supersededBy: (event) => sameConversation(event.partnerProfileId, event.message.conversation_id) },
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
