// Web push (docs/notifications.md, "Web push"): the push job builds a member's notification (choices, presence and
// read marks checked when it runs) and queues one send per browser; each send is encrypted for one subscription, and
// an endpoint that is gone or refused loses its subscription.
import type { NotificationType, PushPayload } from '@app/contracts';
import { getTranslator } from '../../lib/i18n.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { Push } from '../../plugins/push/index.ts';
import type { Realtime } from '../../plugins/realtime/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { JOBS, type PushJob, type PushSendJob } from './notification-jobs.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { isEnabled, languageOf } from './preferences.ts';

const PUSH_TTL_SECONDS = { message: 24 * 60 * 60, like: 3 * 24 * 60 * 60 };

type PushDeps = {
  repo: Pick<
    NotificationsRepository,
    | 'findRecipient'
    | 'findSubject'
    | 'findConversationSide'
    | 'listSubscriptionIds'
    | 'findSubscription'
    | 'deleteSubscription'
  >;
  jobs: Pick<JobQueue, 'enqueue'>;
  push: Pick<Push, 'send'>;
  presence: Pick<Realtime, 'isOnline' | 'isViewing'>;
  outbox: Pick<Outbox, 'transaction'>;
  onError: (error: unknown, context: string) => void;
  now: () => Date;
};

/**
 * Builds the push for a member (choices, presence, read marks checked now) and queues one send per browser, due at
 * `runAt` (the running job's time, so the same worker pass sends them).
 */
async function runPush(deps: PushDeps, job: PushJob, runAt: Date): Promise<void> {
  const { repo } = deps;
  const recipient = await repo.findRecipient(job.userId);
  // Nothing to or about a member staff banned or suspended meanwhile (docs/bans.md).
  if (!recipient || recipient.status === 'deleted_pending' || recipient.isRestricted) return;
  const type: NotificationType = job.kind === 'match' ? 'like' : job.kind;
  if (!isEnabled(recipient.preferences, type, 'push')) return;
  const other = await repo.findSubject(job.profileId);
  if (!other || other.isRestricted) return;
  let url: string;
  let tag: string;
  let topic: string;
  if (job.conversationId !== undefined) {
    const side = await repo.findConversationSide(recipient.profileId, job.conversationId);
    if (!side || side.readSeq >= (job.seq ?? 0)) return;
    // The member is looking at that conversation right now: the socket showed the message.
    if (await deps.presence.isViewing(recipient.profileId, job.conversationId)) return;
    url = `/chats/${job.conversationId}`;
    tag = `chat-${job.conversationId}`;
    topic = `c${job.conversationId}`;
  } else {
    // The site is open: its like pop-up shows it. Nothing announces an invisible member.
    if (other.isInvisible || (await deps.presence.isOnline(recipient.profileId))) return;
    url = `/members/${other.id}`;
    tag = `like-${other.id}`;
    topic = `l${other.id}`;
  }
  const subscriptionIds = await repo.listSubscriptionIds(recipient.userId);
  if (subscriptionIds.length === 0) return;
  const t = getTranslator(languageOf(recipient));
  const payload: PushPayload = {
    v: 2,
    type: type as PushPayload['type'],
    title: t(`notifications:push.${job.kind}.title`),
    body: t(`notifications:push.${job.kind}.body`, { name: other.name }),
    url,
    tag,
    ...(other.thumbKey ? { icon: uploadUrl(recipient.site.cdnPrefix, other.thumbKey) } : {}),
  };
  const isMessage = job.conversationId !== undefined;
  for (const subscriptionId of subscriptionIds) {
    await deps.jobs.enqueue(
      JOBS.pushSend,
      {
        subscriptionId,
        payload,
        ttlSeconds: isMessage ? PUSH_TTL_SECONDS.message : PUSH_TTL_SECONDS.like,
        urgency: isMessage ? 'high' : 'normal',
        topic,
      } satisfies PushSendJob,
      { runAt },
    );
  }
}

/** One encrypted send to one browser; a 404 or 410 or a refused endpoint deletes the subscription, other failures retry. */
async function runPushSend(deps: PushDeps, job: PushSendJob): Promise<void> {
  const subscription = await deps.repo.findSubscription(job.subscriptionId);
  if (!subscription) return;
  const result = await deps.push.send(subscription, job.payload, {
    ttlSeconds: job.ttlSeconds,
    urgency: job.urgency,
    topic: job.topic,
  });
  if (result === 'gone' || result === 'refused') {
    // Refused: the endpoint's host is not (or no longer) a public https one (docs/notifications.md); nothing was sent.
    if (result === 'refused')
      deps.onError(
        new Error('push endpoint refused: not a public https host'),
        `push to subscription ${subscription.id}`,
      );
    await deps.outbox.transaction(async (tx, effects) => {
      await deps.repo.deleteSubscription(subscription.id, tx);
      await effects.emit('member.changed', { userId: subscription.userId });
    });
  } else if (result === 'rejected') {
    deps.onError(new Error('push service refused the message'), `push to subscription ${subscription.id}`);
  }
}

export function createPushNotifications(deps: PushDeps) {
  return {
    runPush: (job: PushJob, runAt: Date = deps.now()): Promise<void> => runPush(deps, job, runAt),
    runPushSend: (job: PushSendJob): Promise<void> => runPushSend(deps, job),
  };
}
export type PushNotifications = ReturnType<typeof createPushNotifications>;
