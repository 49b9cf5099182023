// Mailings to many members, in batches of BATCH_SIZE members that each queue the next: the weekly update (new members
// who suit the member, likes received) and marketing campaigns (promotions or news, to members who consented).
import type { JobQueue } from '../../plugins/jobs/index.ts';
import { BATCH_SIZE, JOBS, WEEK_MS } from './notification-jobs.ts';
import type { NotificationMail } from './notification-mail.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { isEnabled, mayMail, type MarketingType } from './preferences.ts';

/** A member gets the weekly update at most this often (a schedule run late or twice never doubles it). */
const WEEKLY_MIN_GAP_MS = 6 * 24 * 60 * 60_000;
const WEEKLY_NAMES = 3;

type MailingsDeps = {
  repo: Pick<
    NotificationsRepository,
    'transaction' | 'findRecipients' | 'updateSettingsRow' | 'pageActiveUserIds' | 'newMembersSince' | 'countLikesSince'
  >;
  jobs: Pick<JobQueue, 'enqueue'>;
  mail: NotificationMail;
  now: () => Date;
};
type MarketingBatch = { siteId: number; type: MarketingType; campaign: string; after: number };

/** One batch of the weekly update (new members who suit the member, likes received), then the next batch. */
async function runWeeklyBatch(deps: MailingsDeps, job: { period: string; after: number }): Promise<void> {
  const { repo } = deps;
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
      await deps.mail.send(
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
}

async function runMarketingBatch(deps: MailingsDeps, job: MarketingBatch): Promise<void> {
  const { repo } = deps;
  const ids = await repo.pageActiveUserIds(job.after, BATCH_SIZE, job.siteId);
  for (const recipient of await repo.findRecipients(ids)) {
    // Consent: marketing is off unless the member switched it on.
    if (!mayMail(recipient) || !isEnabled(recipient.preferences, job.type, 'email')) continue;
    if (recipient.lastCampaign?.[job.type] === job.campaign) continue;
    await repo.transaction(async (tx) => {
      await deps.mail.send(
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
}

export function createMailings(deps: MailingsDeps) {
  return {
    /** The weekly schedule: starts the batches of this period. */
    async startWeekly(period: string): Promise<void> {
      await deps.jobs.enqueue(JOBS.weeklyBatch, { period, after: 0 }, { uniqueKey: `weekly-batch:${period}:0` });
    },

    runWeeklyBatch: (job: { period: string; after: number }) => runWeeklyBatch(deps, job),

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

    runMarketingBatch: (job: MarketingBatch) => runMarketingBatch(deps, job),
  };
}
export type Mailings = ReturnType<typeof createMailings>;
