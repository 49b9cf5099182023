// The notification jobs on the queue (docs/jobs.md): push building and sending, the coalesced mails, the unread
// reminder, and the recurring weekly update and account reminders.
import type { JobQueue } from '../../plugins/jobs/index.ts';
import { JOBS, type NotificationsService, type PushJob, type PushSendJob } from './notifications.service.ts';

/** Mondays 08:00 UTC. */
export const WEEKLY_CRON = '0 8 * * 1';
/** Hourly, at minute 17. */
export const REMINDERS_CRON = '17 * * * *';

export function registerNotificationJobs(
  jobs: Pick<JobQueue, 'register' | 'schedule'>,
  notifications: NotificationsService,
): void {
  jobs.register(JOBS.push, (payload, { now }) => notifications.runPush(payload as PushJob, now));
  jobs.register(JOBS.pushSend, (payload) => notifications.runPushSend(payload as PushSendJob));
  jobs.register(JOBS.messageMail, (payload) =>
    notifications.runMessageMail(payload as { userId: number; conversationId: number }),
  );
  jobs.register(JOBS.likeMail, (payload) => notifications.runLikeMail(payload as { userId: number }));
  jobs.register(JOBS.matchMail, (payload) =>
    notifications.runMatchMail(payload as { userId: number; profileId: number }),
  );
  jobs.register(JOBS.unreadReminder, (payload) => notifications.runUnreadReminder(payload as { userId: number }));
  jobs.register(JOBS.weeklyBatch, (payload) =>
    notifications.runWeeklyBatch(payload as { period: string; after: number }),
  );
  jobs.register(JOBS.marketingBatch, (payload) =>
    notifications.runMarketingBatch(
      payload as { siteId: number; type: 'promotions' | 'news'; campaign: string; after: number },
    ),
  );
  jobs.schedule(JOBS.weekly, WEEKLY_CRON, (payload) => notifications.startWeekly(String(payload.period)));
  jobs.schedule(JOBS.reminders, REMINDERS_CRON, async () => {
    await notifications.runReminders();
  });
}
