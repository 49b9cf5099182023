// Notification rules (docs/notifications.md): members' choices per type and channel, invisible mode and showing the
// profile in the site's ads, what chat and like events set in motion (push and mail jobs, never sent inside the
// request), the jobs themselves with their coalescing windows and presence checks, one-click unsubscribe, and the
// bounce and complaint intake.
import {
  MARKETING_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  PUSH_NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationSettings,
  type NotificationType,
  type PushPayload,
  type UpdateNotificationSettingsRequest,
} from '@app/contracts';
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import type { Executor } from '../../db/client.ts';
import type { NotificationsDisabledReason, StoredNotificationPreferences } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import { renderNotificationMail, type Mailer, type NotificationMailKind } from '../../plugins/mailer/index.ts';
import type { Push } from '../../plugins/push/index.ts';
import type { Outbox, OutboxEvents } from '../../plugins/outbox/index.ts';
import type { Realtime } from '../../plugins/realtime/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { setProfileVisibility } from '../profiles/index.ts';
import type { NotificationsRepository, Recipient } from './notifications.repository.ts';
import type { UnsubscribeTokens, UnsubscribeVerdict } from './unsubscribe-tokens.ts';

/** New-message mails wait this long after the first unmailed message: read on the site meanwhile, no mail. */
export const MESSAGE_MAIL_DELAY_MS = 5 * 60_000;
/** At most one new-message mail per conversation in this window; later messages are gathered into the next one. */
export const MESSAGE_MAIL_WINDOW_MS = 15 * 60_000;
/** Like mails: gathered for a while, and at most one an hour. */
export const LIKE_MAIL_DELAY_MS = 5 * 60_000;
export const LIKE_MAIL_WINDOW_MS = 60 * 60_000;
/** Messages still unread this long after the last one arrived get one reminder. */
export const UNREAD_REMINDER_DELAY_MS = 24 * 60 * 60_000;
/** Account reminders: the first a day after signup, the second a week after; never more. */
export const REMINDER_FIRST_MS = 24 * 60 * 60_000;
export const REMINDER_SECOND_MS = 7 * 24 * 60 * 60_000;
export const REMINDER_MAX = 2;
/** Reminders look back this far (the second reminder's day plus a day of slack for missed runs). */
const REMINDER_HORIZON_MS = 8 * 24 * 60 * 60_000;
export const WEEK_MS = 7 * 24 * 60 * 60_000;
/** A member gets the weekly update at most this often (a schedule run late or twice never doubles it). */
const WEEKLY_MIN_GAP_MS = 6 * 24 * 60 * 60_000;
const WEEKLY_NAMES = 3;
export const BATCH_SIZE = 200;

export const JOBS = {
  push: 'notifications.push',
  pushSend: 'notifications.push-send',
  messageMail: 'notifications.message-mail',
  likeMail: 'notifications.like-mail',
  matchMail: 'notifications.match-mail',
  unreadReminder: 'notifications.unread-reminder',
  weekly: 'notifications.weekly',
  weeklyBatch: 'notifications.weekly-batch',
  reminders: 'notifications.reminders',
  marketingBatch: 'notifications.marketing-batch',
} as const;

const PUSH_TTL_SECONDS = { message: 24 * 60 * 60, like: 3 * 24 * 60 * 60 };

type MarketingType = (typeof MARKETING_NOTIFICATION_TYPES)[number];
type PushKind = 'new_messages' | 'new_conversations' | 'like' | 'match';
export type PushJob = { userId: number; kind: PushKind; profileId: number; conversationId?: number; seq?: number };
export type PushSendJob = {
  subscriptionId: number;
  payload: PushPayload;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  topic: string;
};
export type MailEventType = 'bounce' | 'complaint' | 'unsubscribe';

const isMarketing = (type: NotificationType) => (MARKETING_NOTIFICATION_TYPES as readonly string[]).includes(type);
const isPushType = (type: NotificationType) => (PUSH_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** Defaults: every service type on (e-mail and, where it exists, push); marketing off until the member consents. */
export function effectivePreferences(stored: StoredNotificationPreferences | null): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const choice = stored?.[type] ?? {};
      const isDefaultOn = !isMarketing(type);
      return [
        type,
        { email: choice.email ?? isDefaultOn, push: isPushType(type) ? (choice.push ?? isDefaultOn) : false },
      ];
    }),
  ) as NotificationPreferences;
}

export function isEnabled(
  stored: StoredNotificationPreferences | null,
  type: NotificationType,
  channel: 'email' | 'push',
): boolean {
  return effectivePreferences(stored)[type][channel];
}

/**
 * Mail goes to a member unless the system stopped it (bounce, complaint, unsubscribe in the mail app), the account is
 * leaving, or staff banned or suspended it (its ban page says the profile is hidden: nothing should say otherwise).
 */
export const mayMail = (recipient: Pick<Recipient, 'notificationsDisabled' | 'status' | 'isRestricted'>) =>
  recipient.notificationsDisabled.length === 0 && recipient.status !== 'deleted_pending' && !recipient.isRestricted;

const languageOf = (recipient: Pick<Recipient, 'language'>): UiLanguage =>
  isUiLanguage(recipient.language) ? recipient.language : 'en';

export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Pick<Mailer, 'sendRendered' | 'linkTo'>;
  push: Pick<Push, 'send'>;
  presence: Pick<Realtime, 'isOnline' | 'isViewing'>;
  outbox: Pick<Outbox, 'transaction'>;
  tokens: UnsubscribeTokens;
  /** The account's mail stop reasons (accounts owns `users`), changed in this module's transactions. */
  accounts: {
    clearNotificationsDisabled: (tx: Executor, userId: number) => Promise<void>;
    addNotificationsDisabled: (
      tx: Executor,
      email: string,
      reason: NotificationsDisabledReason,
      siteId: number | null,
    ) => Promise<number[]>;
  };
  onError: (error: unknown, context: string) => void;
  now: () => Date;
}) {
  const { repo } = deps;

  async function sendMail(
    recipient: Recipient,
    mail: {
      kind: NotificationMailKind;
      type: NotificationType;
      path: string;
      params?: { sender?: string; name?: string; count?: number };
      weekly?: { newMembers: number; newMemberNames: string[]; likes: number };
    },
    tx?: Executor,
  ): Promise<void> {
    const language = languageOf(recipient);
    const site = recipient.site;
    const unsubscribeUrl = deps.mailer.linkTo(
      site,
      `/api/unsubscribe.php?token=${deps.tokens.create({ userId: recipient.userId, type: mail.type })}`,
    );
    const rendered = renderNotificationMail({
      kind: mail.kind,
      t: getTranslator(language),
      language,
      siteName: site.mailName || site.name,
      name: recipient.name,
      type: mail.type,
      link: deps.mailer.linkTo(site, mail.path),
      unsubscribeUrl,
      settingsUrl: deps.mailer.linkTo(site, '/notifications'),
      params: mail.params,
      weekly: mail.weekly,
    });
    await deps.mailer.sendRendered(
      {
        template: `notifications.${mail.kind}`,
        to: recipient.email,
        site,
        ...rendered,
        // RFC 8058: mail apps offer their own unsubscribe button and POST to the link, no login needed.
        headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      tx,
    );
  }

  async function getSettings(userId: number): Promise<NotificationSettings> {
    const [stored, account] = await Promise.all([repo.findPreferences(userId), repo.findAccountState(userId)]);
    return {
      preferences: effectivePreferences(stored),
      invisible: account?.isInvisible ?? false,
      show_in_ads: account?.showInAds ?? false,
      notifications_disabled: account?.notificationsDisabled ?? [],
    };
  }

  async function setEmailChoice(userId: number, type: NotificationType, email: boolean, tx?: Executor): Promise<void> {
    const now = deps.now();
    const work = async (executor: Executor) => {
      const stored = await repo.lockSettings(userId, executor);
      await repo.savePreferences(
        userId,
        { ...stored, [type]: { ...stored[type], email } },
        email && isMarketing(type) ? now : null,
        now,
        executor,
      );
    };
    await (tx ? work(tx) : repo.transaction(work));
  }

  /** What an unsubscribe link is about (the confirmation page, GET: changes nothing). */
  async function inspectUnsubscribe(token: string): Promise<{ verdict: UnsubscribeVerdict; recipient?: Recipient }> {
    const verdict = deps.tokens.verify(token);
    if (!verdict.ok) return { verdict };
    const recipient = await repo.findRecipient(verdict.claim.userId);
    return recipient ? { verdict, recipient } : { verdict: { ok: false, reason: 'invalid' } };
  }

  // --- what events set in motion (in the transaction acknowledging the outbox event, after the action committed) -

  /**
   * A message reached its recipient's inbox: the push, the conversation's mail and the unread reminder are queued (or
   * moved). `recipientUserId` when the sender already knows the account (a send checked it in its own statement).
   */
  async function onMessage(
    event: OutboxEvents['chat.message'] & { recipientUserId?: number },
    tx: Executor,
  ): Promise<void> {
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
    const pendingSince = state.pendingSince ?? now;
    const runAt = new Date(
      Math.max(
        pendingSince.getTime() + MESSAGE_MAIL_DELAY_MS,
        (state.mailedAt?.getTime() ?? 0) + MESSAGE_MAIL_WINDOW_MS,
      ),
    );
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

  async function onLike(event: OutboxEvents['like.created'], tx: Executor): Promise<void> {
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
    const earliest = Math.max(
      now.getTime() + LIKE_MAIL_DELAY_MS,
      (recipient.likeMailedAt?.getTime() ?? 0) + LIKE_MAIL_WINDOW_MS,
    );
    const due = await repo.setDueOnce(recipient.userId, 'likeMailDueAt', new Date(earliest), tx);
    await deps.jobs.enqueue(
      JOBS.likeMail,
      { userId: recipient.userId },
      { uniqueKey: `like-mail:${recipient.userId}`, runAt: due, tx },
    );
  }

  return {
    getSettings,

    /**
     * PUT /api/notifications.php: saved at once, in one transaction (the preferences, the profile's invisible and
     * show-in-ads flags, resumed mail); marketing switched on records the consent's time.
     */
    async updateSettings(userId: number, input: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
      const now = deps.now();
      await deps.outbox.transaction(async (tx, effects) => {
        if (input.preferences) {
          const stored = await repo.lockSettings(userId, tx);
          const next: StoredNotificationPreferences = { ...stored };
          let hasConsented = false;
          for (const type of NOTIFICATION_TYPES) {
            const change = input.preferences[type];
            if (!change) continue;
            const entry = { ...next[type] };
            if (change.email !== undefined) {
              entry.email = change.email;
              if (change.email && isMarketing(type)) hasConsented = true;
            }
            // Push exists only for some types; a switch sent for another is ignored.
            if (change.push !== undefined && isPushType(type)) entry.push = change.push;
            next[type] = entry;
          }
          await repo.savePreferences(userId, next, hasConsented ? now : null, now, tx);
        }
        if (input.invisible !== undefined)
          await setProfileVisibility(tx, userId, { isInvisible: input.invisible }, now);
        if (input.show_in_ads !== undefined)
          await setProfileVisibility(tx, userId, { showInAds: input.show_in_ads }, now);
        if (input.resume_mail) await deps.accounts.clearNotificationsDisabled(tx, userId);
        // Invisible mode, showing in ads and the disabled reasons are part of the member's view (user.php, search,
        // landers).
        if (input.invisible !== undefined || input.show_in_ads !== undefined || input.resume_mail)
          await effects.emit('member.changed', { userId });
        // Hidden or out of ads: visitor pages drop the member on every instance.
        if (input.invisible !== undefined || input.show_in_ads !== undefined)
          await effects.emit('member.shown', { userId });
      });
      return getSettings(userId);
    },

    /**
     * A like (outbox event `like.created`, consumed in the transaction that acknowledges it: once per event): the
     * liked member hears of it; of a match both do, except the one whose like made it (they saw "It's a match").
     */
    async onLikeCreated(event: OutboxEvents['like.created'], tx: Executor): Promise<void> {
      await onLike(event, tx);
      if (event.isMatch)
        await onLike({ likerProfileId: event.likedProfileId, likedProfileId: event.likerProfileId, isMatch: true }, tx);
    },

    /** A partner's message (outbox event `chat.message`, consumed like `like.created`): push, mail and reminder jobs. */
    onChatMessage: onMessage,

    // --- jobs -----------------------------------------------------------------------------------------------------

    /**
     * Builds the push for a member (choices, presence, read marks checked now) and queues one send per browser, due at
     * `runAt` (the running job's time, so the same worker pass sends them).
     */
    async runPush(job: PushJob, runAt: Date = deps.now()): Promise<void> {
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
    },

    /** One encrypted send to one browser; a 404 or 410 or a refused endpoint deletes the subscription, other failures retry. */
    async runPushSend(job: PushSendJob): Promise<void> {
      const subscription = await repo.findSubscription(job.subscriptionId);
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
          await repo.deleteSubscription(subscription.id, tx);
          await effects.emit('member.changed', { userId: subscription.userId });
        });
      } else if (result === 'rejected') {
        deps.onError(new Error('push service refused the message'), `push to subscription ${subscription.id}`);
      }
    },

    /** The new-message mail of one conversation: what is unread and not mailed yet, at most once per window. */
    async runMessageMail(job: { userId: number; conversationId: number }): Promise<void> {
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
        unmailed.firstSeq === 1 && side.startedByProfileId === side.partnerProfileId
          ? 'new_conversations'
          : 'new_messages';
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
      if (sender?.isRestricted)
        return repo.saveMessageState(job.userId, job.conversationId, { mailedSeq: side.lastSeq });
      await repo.transaction(async (tx) => {
        await sendMail(
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
    },

    /** Likes gathered since the last like mail, announcing only members who may be announced. */
    async runLikeMail(job: { userId: number }): Promise<void> {
      const now = deps.now();
      await repo.updateSettingsRow(job.userId, { likeMailDueAt: null });
      const recipient = await repo.findRecipient(job.userId);
      if (!recipient || !mayMail(recipient) || !isEnabled(recipient.preferences, 'like', 'email')) return;
      const since = new Date(Math.max(recipient.likeMailedAt?.getTime() ?? 0, now.getTime() - WEEK_MS));
      const { count, newest } = await repo.newLikesSince(recipient.profileId, since);
      if (count === 0 || !newest) return;
      await repo.transaction(async (tx) => {
        await sendMail(
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
    },

    async runMatchMail(job: { userId: number; profileId: number }): Promise<void> {
      const recipient = await repo.findRecipient(job.userId);
      if (!recipient || !mayMail(recipient) || !isEnabled(recipient.preferences, 'like', 'email')) return;
      const other = await repo.findSubject(job.profileId);
      if (!other || other.isInvisible || other.status !== 'active' || other.isRestricted) return;
      await sendMail(recipient, {
        kind: 'match',
        type: 'like',
        path: `/members/${other.id}/chat`,
        params: { name: other.name },
      });
    },

    /** One reminder when messages stayed unread a day, and only about messages that arrived since the last one. */
    async runUnreadReminder(job: { userId: number }): Promise<void> {
      const now = deps.now();
      await repo.updateSettingsRow(job.userId, { unreadReminderDueAt: null });
      const recipient = await repo.findRecipient(job.userId);
      if (!recipient || !mayMail(recipient) || !isEnabled(recipient.preferences, 'unread_message_reminders', 'email'))
        return;
      const unread = await repo.unreadTotal(recipient.profileId);
      if (unread === 0 || (await deps.presence.isOnline(recipient.profileId))) return;
      if (!(await repo.hasUnreadSince(recipient.profileId, recipient.unreadRemindedAt ?? new Date(0)))) return;
      await repo.transaction(async (tx) => {
        await sendMail(
          recipient,
          {
            kind: 'unread_message_reminders',
            type: 'unread_message_reminders',
            path: '/chats',
            params: { count: unread },
          },
          tx,
        );
        await repo.updateSettingsRow(job.userId, { unreadRemindedAt: now }, tx);
      });
    },

    /** The weekly schedule: starts the batches of this period. */
    async startWeekly(period: string): Promise<void> {
      await deps.jobs.enqueue(JOBS.weeklyBatch, { period, after: 0 }, { uniqueKey: `weekly-batch:${period}:0` });
    },

    /** One batch of the weekly update (new members who suit the member, likes received), then the next batch. */
    async runWeeklyBatch(job: { period: string; after: number }): Promise<void> {
      const now = deps.now();
      const ids = await repo.pageActiveUserIds(job.after, BATCH_SIZE, null);
      const since = new Date(now.getTime() - WEEK_MS);
      for (const recipient of await repo.findRecipients(ids)) {
        if (!mayMail(recipient) || !isEnabled(recipient.preferences, 'weekly_updates', 'email')) continue;
        if (recipient.weeklySentAt && now.getTime() - recipient.weeklySentAt.getTime() < WEEKLY_MIN_GAP_MS) continue;
        const [members, likesCount] = await Promise.all([
          repo.newMembersSince({ ...recipient, siteId: recipient.site.id }, since, WEEKLY_NAMES),
          repo.countLikesSince(recipient.profileId, since),
        ]);
        if (members.count === 0 && likesCount === 0) continue;
        await repo.transaction(async (tx) => {
          await sendMail(
            recipient,
            {
              kind: 'weekly_updates',
              type: 'weekly_updates',
              path: '/members',
              weekly: { newMembers: members.count, newMemberNames: members.names, likes: likesCount },
            },
            tx,
          );
          await repo.updateSettingsRow(recipient.userId, { weeklySentAt: now }, tx);
        });
      }
      const last = ids.at(-1);
      if (ids.length === BATCH_SIZE && last !== undefined) {
        await deps.jobs.enqueue(
          JOBS.weeklyBatch,
          { period: job.period, after: last },
          { uniqueKey: `weekly-batch:${job.period}:${last}` },
        );
      }
    },

    /** Hourly: reminds members who signed up a day (and a week) ago of an unconfirmed address or an unfinished profile. */
    async runReminders(): Promise<number> {
      const now = deps.now();
      let sent = 0;
      let after: { createdAt: Date; id: number } | null = null;
      for (;;) {
        const page = await repo.pageReminderCandidates(
          new Date(now.getTime() - REMINDER_HORIZON_MS),
          new Date(now.getTime() - REMINDER_FIRST_MS),
          REMINDER_MAX,
          after,
          BATCH_SIZE,
        );
        for (const recipient of await repo.findRecipients(page.map((row) => row.userId))) {
          const age = now.getTime() - recipient.createdAt.getTime();
          if (recipient.remindersSent >= 1 && age < REMINDER_SECOND_MS) continue;
          if (!mayMail(recipient) || !isEnabled(recipient.preferences, 'reminders', 'email')) continue;
          const isUnconfirmed = recipient.status === 'not_confirmed';
          await repo.transaction(async (tx) => {
            await sendMail(
              recipient,
              {
                kind: isUnconfirmed ? 'reminder_confirm' : 'reminder_profile',
                type: 'reminders',
                path: isUnconfirmed ? '/login' : '/profile',
              },
              tx,
            );
            await repo.updateSettingsRow(
              recipient.userId,
              { remindersSent: recipient.remindersSent + 1, remindedAt: now },
              tx,
            );
          });
          sent += 1;
        }
        const last = page.at(-1);
        if (page.length < BATCH_SIZE || !last) return sent;
        after = { createdAt: last.createdAt, id: last.userId };
      }
    },

    /**
     * Starts a marketing mailing (promotions or news) to the members of a site who consented; each member gets a
     * campaign once. Called by operators (there is no admin screen yet).
     */
    async startCampaign(input: { siteId: number; type: MarketingType; campaign: string }): Promise<void> {
      await deps.jobs.enqueue(
        JOBS.marketingBatch,
        { ...input, after: 0 },
        { uniqueKey: `marketing:${input.type}:${input.campaign}:0` },
      );
    },

    async runMarketingBatch(job: {
      siteId: number;
      type: MarketingType;
      campaign: string;
      after: number;
    }): Promise<void> {
      const ids = await repo.pageActiveUserIds(job.after, BATCH_SIZE, job.siteId);
      for (const recipient of await repo.findRecipients(ids)) {
        // Consent: marketing is off unless the member switched it on.
        if (!mayMail(recipient) || !isEnabled(recipient.preferences, job.type, 'email')) continue;
        if (recipient.lastCampaign?.[job.type] === job.campaign) continue;
        await repo.transaction(async (tx) => {
          await sendMail(
            recipient,
            { kind: job.type, type: job.type, path: job.type === 'promotions' ? '/credits' : '/members' },
            tx,
          );
          await repo.updateSettingsRow(
            recipient.userId,
            { lastCampaign: { ...recipient.lastCampaign, [job.type]: job.campaign } },
            tx,
          );
        });
      }
      const last = ids.at(-1);
      if (ids.length === BATCH_SIZE && last !== undefined) {
        await deps.jobs.enqueue(
          JOBS.marketingBatch,
          { ...job, after: last },
          { uniqueKey: `marketing:${job.type}:${job.campaign}:${last}` },
        );
      }
    },

    // --- one-click unsubscribe and the bounce and complaint intake -------------------------------------------------

    inspectUnsubscribe,

    /** POST from the mail app (RFC 8058) or from the confirmation page: that type's e-mails are switched off. */
    async unsubscribe(token: string): Promise<{ verdict: UnsubscribeVerdict; recipient?: Recipient }> {
      const inspected = await inspectUnsubscribe(token);
      if (inspected.verdict.ok)
        await setEmailChoice(inspected.verdict.claim.userId, inspected.verdict.claim.type, false);
      return inspected;
    },

    /** A provider's report: bounce (invalid address), complaint (marked as spam), unsubscribe in the mail app. */
    async recordMailEvent(input: { type: MailEventType; email: string; siteId: number | null }): Promise<number> {
      const reason: NotificationsDisabledReason =
        input.type === 'bounce' ? 'bounce' : input.type === 'complaint' ? 'spam' : 'unsubscribed';
      return deps.outbox.transaction(async (tx, effects) => {
        const email = input.email.trim().toLowerCase();
        const userIds = await deps.accounts.addNotificationsDisabled(tx, email, reason, input.siteId);
        for (const userId of userIds) await effects.emit('member.changed', { userId });
        return userIds.length;
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Notifications start from domain events, not from socket traffic: each event is consumed in the transaction that
 * acknowledges it in the outbox (plugins/outbox), so its jobs are enqueued once, also when a crash delayed it.
 */
export function consumeNotificationEvents(
  outbox: Pick<Outbox, 'consume'>,
  notifications: Pick<NotificationsService, 'onLikeCreated' | 'onChatMessage'>,
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
