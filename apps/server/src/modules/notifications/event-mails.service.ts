// The mails of likes and messages (docs/notifications.md): a conversation's new-message mail (what is unread and not
// mailed yet, at most once per window), the like mail (likes gathered since the last one) and the match mail.
import type { NotificationType } from '@app/contracts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Realtime } from '../../plugins/realtime/index.ts';
import { MESSAGE_MAIL_WINDOW_MS } from './mail-windows.ts';
import { JOBS, WEEK_MS } from './notification-jobs.ts';
import type { NotificationMail } from './notification-mail.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { isEnabled, mayMail } from './preferences.ts';

type EventMailsDeps = {
  repo: Pick<
    NotificationsRepository,
    | 'transaction'
    | 'findRecipient'
    | 'findSubject'
    | 'findMessageState'
    | 'saveMessageState'
    | 'findConversationSide'
    | 'countMessagesAfter'
    | 'updateSettingsRow'
    | 'newLikesSince'
  >;
  jobs: Pick<JobQueue, 'enqueue'>;
  mail: NotificationMail;
  presence: Pick<Realtime, 'isOnline'>;
  now: () => Date;
};

/** The new-message mail of one conversation: what is unread and not mailed yet, at most once per window. */
async function runMessageMail(deps: EventMailsDeps, job: { userId: number; conversationId: number }): Promise<void> {
  const { repo } = deps;
  const now = deps.now();
  const state = await repo.findMessageState(job.userId, job.conversationId);
  const recipient = state && (await repo.findRecipient(job.userId));
  if (!state || !recipient) return;
  const side = await repo.findConversationSide(recipient.profileId, job.conversationId);
  if (!side) return;
  const unmailed = await repo.countMessagesAfter(
    job.conversationId,
    side.partnerProfileId,
    Math.max(state.mailedSeq, side.readSeq),
  );
  // Read meanwhile (or covered already): nothing to say.
  if (unmailed.count === 0 || unmailed.firstSeq === null)
    return repo.saveMessageState(job.userId, job.conversationId, { mailedSeq: side.readSeq });
  const windowEnd = (state.mailedAt?.getTime() ?? 0) + MESSAGE_MAIL_WINDOW_MS;
  if (now.getTime() < windowEnd) {
    await deps.jobs.enqueue(JOBS.messageMail, job, {
      uniqueKey: `message-mail:${job.userId}:${job.conversationId}`,
      runAt: new Date(windowEnd),
    });
    return;
  }
  const type: NotificationType =
    unmailed.firstSeq === 1 && side.startedByProfileId === side.partnerProfileId ? 'new_conversations' : 'new_messages';
  // On the site right now: the socket showed them (the unread reminder catches what stays unread). Switched off or
  // stopped: nothing goes. Either way these messages are settled.
  if (
    (await deps.presence.isOnline(recipient.profileId)) ||
    !mayMail(recipient) ||
    !isEnabled(recipient.preferences, type, 'email')
  ) {
    return repo.saveMessageState(job.userId, job.conversationId, { mailedSeq: side.lastSeq });
  }
  const sender = await repo.findSubject(side.partnerProfileId);
  // Banned or suspended since writing: nothing announces them; these messages are settled.
  if (sender?.isRestricted) return repo.saveMessageState(job.userId, job.conversationId, { mailedSeq: side.lastSeq });
  await repo.transaction(async (tx) => {
    await deps.mail.send(
      recipient,
      {
        kind: type,
        type,
        path: `/chats/${job.conversationId}`,
        params: { sender: sender?.name ?? '', count: unmailed.count },
      },
      tx,
    );
    await repo.saveMessageState(job.userId, job.conversationId, { mailedSeq: side.lastSeq, mailedAt: now }, tx);
  });
}

/** Likes gathered since the last like mail, announcing only members who may be announced. */
async function runLikeMail(deps: EventMailsDeps, job: { userId: number }): Promise<void> {
  const { repo } = deps;
  const now = deps.now();
  await repo.updateSettingsRow(job.userId, { likeMailDueAt: null });
  const recipient = await repo.findRecipient(job.userId);
  if (!recipient || !mayMail(recipient) || !isEnabled(recipient.preferences, 'like', 'email')) return;
  const since = new Date(Math.max(recipient.likeMailedAt?.getTime() ?? 0, now.getTime() - WEEK_MS));
  const { count, newest } = await repo.newLikesSince(recipient.profileId, since);
  if (count === 0 || !newest) return;
  await repo.transaction(async (tx) => {
    await deps.mail.send(
      recipient,
      {
        kind: 'like',
        type: 'like',
        path: count === 1 ? `/members/${newest.id}` : '/likes',
        params: { name: newest.name, count },
      },
      tx,
    );
    await repo.updateSettingsRow(job.userId, { likeMailedAt: now }, tx);
  });
}

async function runMatchMail(deps: EventMailsDeps, job: { userId: number; profileId: number }): Promise<void> {
  const recipient = await deps.repo.findRecipient(job.userId);
  if (!recipient || !mayMail(recipient) || !isEnabled(recipient.preferences, 'like', 'email')) return;
  const other = await deps.repo.findSubject(job.profileId);
  if (!other || other.isInvisible || other.status !== 'active' || other.isRestricted) return;
  await deps.mail.send(recipient, {
    kind: 'match',
    type: 'like',
    path: `/members/${other.id}/chat`,
    params: { name: other.name },
  });
}

export function createEventMails(deps: EventMailsDeps) {
  return {
    runMessageMail: (job: { userId: number; conversationId: number }) => runMessageMail(deps, job),
    runLikeMail: (job: { userId: number }) => runLikeMail(deps, job),
    runMatchMail: (job: { userId: number; profileId: number }) => runMatchMail(deps, job),
  };
}
export type EventMails = ReturnType<typeof createEventMails>;
