// Reminders (docs/notifications.md): one mail when messages stayed unread a day, and the hourly account reminders
// (an unconfirmed address or an unfinished profile) a day and a week after signup.
import type { Realtime } from '../../plugins/realtime/index.ts';
import { BATCH_SIZE } from './notification-jobs.ts';
import type { NotificationMail } from './notification-mail.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { isEnabled, mayMail } from './preferences.ts';

/** Account reminders: the first a day after signup, the second a week after; never more. */
export const REMINDER_FIRST_MS = 24 * 60 * 60_000;
export const REMINDER_SECOND_MS = 7 * 24 * 60 * 60_000;
export const REMINDER_MAX = 2;
/** Reminders look back this far (the second reminder's day plus a day of slack for missed runs). */
const REMINDER_HORIZON_MS = 8 * 24 * 60 * 60_000;

type RemindersDeps = {
  repo: Pick<
    NotificationsRepository,
    | 'transaction'
    | 'findRecipient'
    | 'findRecipients'
    | 'updateSettingsRow'
    | 'unreadTotal'
    | 'hasUnreadSince'
    | 'pageReminderCandidates'
  >;
  mail: NotificationMail;
  presence: Pick<Realtime, 'isOnline'>;
  now: () => Date;
};

/** One reminder when messages stayed unread a day, and only about messages that arrived since the last one. */
async function runUnreadReminder(deps: RemindersDeps, job: { userId: number }): Promise<void> {
  const { repo } = deps;
  const now = deps.now();
  await repo.updateSettingsRow(job.userId, { unreadReminderDueAt: null });
  const recipient = await repo.findRecipient(job.userId);
  if (!recipient || !mayMail(recipient) || !isEnabled(recipient.preferences, 'unread_message_reminders', 'email'))
    return;
  const unread = await repo.unreadTotal(recipient.profileId);
  if (unread === 0 || (await deps.presence.isOnline(recipient.profileId))) return;
  if (!(await repo.hasUnreadSince(recipient.profileId, recipient.unreadRemindedAt ?? new Date(0)))) return;
  await repo.transaction(async (tx) => {
    await deps.mail.send(
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
}

/** Hourly: reminds members who signed up a day (and a week) ago of an unconfirmed address or an unfinished profile. */
async function runReminders(deps: RemindersDeps): Promise<number> {
  const { repo } = deps;
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
        await deps.mail.send(
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
}

export function createReminders(deps: RemindersDeps) {
  return {
    runUnreadReminder: (job: { userId: number }) => runUnreadReminder(deps, job),
    runReminders: () => runReminders(deps),
  };
}
export type Reminders = ReturnType<typeof createReminders>;
