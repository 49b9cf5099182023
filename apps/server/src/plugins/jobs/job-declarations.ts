// Every job of the app in one place (docs/jobs.md): its name, its payload (checked with zod when enqueued and again
// when run), its queue options (attempts, unique keys, schedule), and its handler, built from only the services it
// names in JobDeps. The jobs plugin creates the queues and schedules from this list; app.ts hands it the services
// (`app.jobs.handle(deps)`) once they exist. Nothing else declares or registers a job.
import { pushPayloadSchema } from '@app/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { deleteExpiredStaffSessions } from '../staff-session/expired-staff-sessions.ts';
import { isSafeKey } from '../storage/file-storage.ts';
import { lastCronTime, type JobContext } from './job-runtime.ts';

const id = z.number().int().positive();
const batch = { after: z.number().int().nonnegative() };
const none = z.object({});

const mailSchema = z.object({
  siteId: id.nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});
const pushSchema = z.object({
  userId: id,
  kind: z.enum(['new_messages', 'new_conversations', 'like', 'match']),
  profileId: id,
  conversationId: id.optional(),
  seq: z.number().int().optional(),
});
const pushSendSchema = z.object({
  subscriptionId: id,
  payload: pushPayloadSchema,
  ttlSeconds: z.number().int().nonnegative(),
  urgency: z.enum(['normal', 'high']),
  topic: z.string(),
});
const userSchema = z.object({ userId: id });
const screenPhotoSchema = z.object({
  source: z.enum(['profile', 'chat', 'selfie']),
  id,
  key: z.string().refine(isSafeKey),
  /** The uploader's profile (profile photos: whose account a reused photo counts against). */
  profileId: id.optional(),
  conversationId: id.optional(),
  profileIds: z.array(id).optional(),
});
const messageMailSchema = z.object({ userId: id, conversationId: id });
const matchMailSchema = z.object({ userId: id, profileId: id });
const weeklyBatchSchema = z.object({ period: z.string(), ...batch });
const marketingBatchSchema = z.object({
  siteId: id,
  type: z.enum(['promotions', 'news']),
  campaign: z.string(),
  ...batch,
});

/**
 * What the handlers are built from: each names the few methods it calls, so this file imports no module (plugins
 * never do: docs/server-layout.md) and app.ts passes the services themselves.
 */
export type JobDeps = {
  db: Database;
  log: { info: (message: string) => void };
  storage: { remove: (key: string) => Promise<unknown> };
  /** Sends a mail over SMTP; null when the app keeps its mails in the database (no SMTP configured). */
  deliverMail: ((mail: z.output<typeof mailSchema>) => Promise<unknown>) | null;
  deleteExpiredAccountRows: (now: Date) => Promise<unknown>;
  accounts: { purgeAccount: (userId: number, now: Date) => Promise<unknown> };
  visitors: { deleteExpired: (now: Date) => Promise<number> };
  dataExport: {
    runBuild: (job: { exportId: number }, context: JobContext) => Promise<void>;
    expire: (now: Date) => Promise<number>;
  };
  notifications: {
    runPush: (job: z.output<typeof pushSchema>, now: Date) => Promise<void>;
    runPushSend: (job: z.output<typeof pushSendSchema>) => Promise<void>;
    runMessageMail: (job: z.output<typeof messageMailSchema>) => Promise<void>;
    runLikeMail: (job: z.output<typeof userSchema>) => Promise<void>;
    runMatchMail: (job: z.output<typeof matchMailSchema>) => Promise<void>;
    runUnreadReminder: (job: z.output<typeof userSchema>) => Promise<void>;
    startWeekly: (period: string) => Promise<void>;
    runWeeklyBatch: (job: z.output<typeof weeklyBatchSchema>) => Promise<void>;
    runReminders: () => Promise<unknown>;
    runMarketingBatch: (job: z.output<typeof marketingBatchSchema>) => Promise<void>;
  };
  safety: {
    screenPhoto: (job: z.output<typeof screenPhotoSchema>) => Promise<void>;
    forgetFingerprints: (now: Date) => Promise<void>;
  };
  traffic: {
    sendPostback: (postbackId: number, context: JobContext) => Promise<void>;
    forgetEndedVisitors: (now: Date) => Promise<number>;
  };
};

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<unknown>;

/** One job: its payload, options and handler factory (checked here so each handler's payload type is the schema's). */
function job<S extends z.ZodType<Record<string, unknown>>>(declaration: {
  payload: S;
  /** Runs in all, the first included (default MAX_ATTEMPTS). */
  attempts?: number;
  /** At most one waiting job per unique key (enqueueing the key again moves it); at most one running per key. */
  unique?: boolean;
  /** A recurring job: this UTC cron expression, enqueued once per period across all instances. */
  cron?: string;
  handler: (deps: JobDeps) => JobHandler<z.output<S>>;
}) {
  return declaration;
}

/** Mondays 08:00 UTC. */
export const WEEKLY_CRON = '0 8 * * 1';

export const JOB_DECLARATIONS = {
  'accounts.purge': job({
    payload: userSchema,
    unique: true,
    handler:
      ({ accounts }) =>
      ({ userId }, { now }) =>
        accounts.purgeAccount(userId, now),
  }),
  /** Expired sessions, and account tokens expired or used more than 7 days ago. */
  'accounts.delete-expired': job({
    payload: none,
    cron: '7 * * * *',
    handler:
      ({ deleteExpiredAccountRows }) =>
      (_payload, { now }) =>
        deleteExpiredAccountRows(now),
  }),
  /** The last failed attempt marks the export failed (docs/data-export.md). */
  'data-export.build': job({
    payload: z.object({ exportId: id }),
    unique: true,
    handler:
      ({ dataExport }) =>
      (payload, context) =>
        dataExport.runBuild(payload, context),
  }),
  'data-export.expire': job({
    payload: none,
    cron: '17 * * * *',
    handler:
      ({ dataExport, log }) =>
      async (_payload, { now }) => {
        const expired = await dataExport.expire(now);
        if (expired > 0) log.info(`deleted ${expired} expired data exports`);
      },
  }),
  /** Queued in the caller's transaction by the mailer when SMTP is configured. */
  'mail.send': job({
    payload: mailSchema,
    handler:
      ({ deliverMail }) =>
      async (mail) => {
        if (!deliverMail) throw new Error('mail.send: no SMTP transport configured');
        await deliverMail(mail);
      },
  }),
  'notifications.push': job({
    payload: pushSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (push, { now }) =>
        notifications.runPush(push, now),
  }),
  'notifications.push-send': job({
    payload: pushSendSchema,
    handler:
      ({ notifications }) =>
      (push) =>
        notifications.runPushSend(push),
  }),
  'notifications.message-mail': job({
    payload: messageMailSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (mail) =>
        notifications.runMessageMail(mail),
  }),
  'notifications.like-mail': job({
    payload: userSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (mail) =>
        notifications.runLikeMail(mail),
  }),
  'notifications.match-mail': job({
    payload: matchMailSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (mail) =>
        notifications.runMatchMail(mail),
  }),
  'notifications.unread-reminder': job({
    payload: userSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (reminder) =>
        notifications.runUnreadReminder(reminder),
  }),
  /** The period is the occurrence the schedule fired for: the last one at or before the job was enqueued. */
  'notifications.weekly': job({
    payload: none,
    cron: WEEKLY_CRON,
    handler:
      ({ notifications }) =>
      (_payload, { createdOn }) =>
        notifications.startWeekly(lastCronTime(WEEKLY_CRON, createdOn).toISOString()),
  }),
  'notifications.weekly-batch': job({
    payload: weeklyBatchSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (weekly) =>
        notifications.runWeeklyBatch(weekly),
  }),
  'notifications.reminders': job({
    payload: none,
    cron: '17 * * * *',
    handler:
      ({ notifications }) =>
      () =>
        notifications.runReminders(),
  }),
  'notifications.marketing-batch': job({
    payload: marketingBatchSchema,
    unique: true,
    handler:
      ({ notifications }) =>
      (marketing) =>
        notifications.runMarketingBatch(marketing),
  }),
  /**
   * One photo scored by the image classifier (docs/safety.md), queued after its upload committed. A failure to score
   * is stored (manual review), not thrown; a throw (the database) runs it again.
   */
  'safety.screen-photo': job({
    payload: screenPhotoSchema,
    unique: true,
    handler:
      ({ safety }) =>
      (payload) =>
        safety.screenPhoto(payload),
  }),
  /** Text fingerprints (risk signals, docs/safety.md) are kept one day. */
  'safety.forget-fingerprints': job({
    payload: none,
    cron: '27 * * * *',
    handler:
      ({ safety }) =>
      (_payload, { now }) =>
        safety.forgetFingerprints(now),
  }),
  'staff.sessions-cleanup': job({
    payload: none,
    cron: '17 * * * *',
    handler:
      ({ db }) =>
      (_payload, { now }) =>
        deleteExpiredStaffSessions(db, now),
  }),
  /**
   * One postback to an ad network (docs/traffic.md): a failed attempt throws and runs again with back-off; the
   * handler itself fails it for good 24 hours after it was made (attempts are many, so time decides).
   */
  'traffic.postback': job({
    payload: z.object({ postbackId: id }),
    unique: true,
    attempts: 20,
    handler:
      ({ traffic }) =>
      ({ postbackId }, context) =>
        traffic.sendPostback(postbackId, context),
  }),
  /** Profile visits older than 30 days are deleted (docs/visitors.md); the page never counts them anyway. */
  'visitors.expire': job({
    payload: none,
    cron: '47 4 * * *',
    handler:
      ({ visitors, log }) =>
      async (_payload, { now }) => {
        const deleted = await visitors.deleteExpired(now);
        if (deleted > 0) log.info(`deleted ${deleted} expired profile visits`);
      },
  }),
  /** Visitors who never signed up are forgotten once their tracking cookie has ended (docs/traffic.md). */
  'traffic.forget-visitors': job({
    payload: none,
    cron: '37 3 * * *',
    handler:
      ({ traffic }) =>
      (_payload, { now }) =>
        traffic.forgetEndedVisitors(now),
  }),
  /** A failure throws, and the queue runs the job again later: every remove is idempotent. */
  'storage.delete-files': job({
    payload: z.object({ keys: z.array(z.string()) }),
    handler:
      ({ storage }) =>
      ({ keys }) =>
        Promise.all(keys.filter(isSafeKey).map((key) => storage.remove(key))),
  }),
};

export type JobDeclarations = typeof JOB_DECLARATIONS;
export type JobName = keyof JobDeclarations;
export type JobDeclaration = JobDeclarations[JobName];
/** What a caller passes to `app.jobs.enqueue(name, …)`. */
export type JobPayload<N extends JobName> = z.input<JobDeclarations[N]['payload']>;
