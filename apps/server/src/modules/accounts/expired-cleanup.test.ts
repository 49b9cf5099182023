import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, sessions } from '../../db/schema/index.ts';
import { JOB_DECLARATIONS } from '../../plugins/jobs/index.ts';
import { jobSchedule, queuedJobs } from '../../test-support/jobs.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signUp } from '../../test-support/accounts.ts';
import { TOKEN_KEEP_MS, expiredSessionsBatch, oldTokensBatch } from './expired-cleanup.ts';

const EXPIRED_CLEANUP_JOB = 'accounts.delete-expired';

const HOUR_MS = 60 * 60_000;

describe('expired sessions and tokens cleanup (recurring job)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('runs hourly and deletes expired sessions and long expired or used tokens, keeping everything still usable or recent', async () => {
    const { user } = await signUp(app);
    const now = new Date(Date.now() + 30 * 24 * HOUR_MS);
    const at = (ms: number) => new Date(now.getTime() + ms);
    const insertSession = async (expiresAt: Date) =>
      (
        await app.db
          .insert(sessions)
          .values({ userId: user.id, tokenHash: `s-${Math.random()}`, expiresAt })
          .returning()
      )[0]!.id;
    const insertToken = async (values: {
      purpose: 'activation' | 'password_reset' | 'email_change' | 'reactivation';
      expiresAt: Date;
      usedAt?: Date;
    }) =>
      (
        await app.db
          .insert(accountTokens)
          .values({ userId: user.id, tokenHash: `t-${Math.random()}`, ...values })
          .returning()
      )[0]!.id;

    const expiredSession = await insertSession(at(-1000));
    const liveSession = await insertSession(at(HOUR_MS));
    const oldExpired = {
      activation: await insertToken({ purpose: 'activation', expiresAt: at(-TOKEN_KEEP_MS - 1000) }),
      reset: await insertToken({ purpose: 'password_reset', expiresAt: at(-TOKEN_KEEP_MS - 1000) }),
      mailChange: await insertToken({ purpose: 'email_change', expiresAt: at(-TOKEN_KEEP_MS - 1000) }),
    };
    const oldUsed = await insertToken({
      purpose: 'password_reset',
      expiresAt: at(HOUR_MS),
      usedAt: at(-TOKEN_KEEP_MS - 1000),
    });
    const kept = {
      recentlyExpired: await insertToken({ purpose: 'password_reset', expiresAt: at(-HOUR_MS) }),
      recentlyUsed: await insertToken({ purpose: 'activation', expiresAt: at(HOUR_MS), usedAt: at(-HOUR_MS) }),
      live: await insertToken({ purpose: 'email_change', expiresAt: at(HOUR_MS) }),
    };

    // The app declares the hourly schedule to pg-boss, whose cron pass enqueues the job once per period (proven in
    // plugins/jobs/job-queue.test.ts); here the period's job is enqueued as that pass would and run.
    expect(await jobSchedule(app.db, EXPIRED_CLEANUP_JOB)).toMatchObject({
      cron: JOB_DECLARATIONS[EXPIRED_CLEANUP_JOB].cron,
      timezone: 'UTC',
    });
    expect(JOB_DECLARATIONS[EXPIRED_CLEANUP_JOB].cron).toBe('7 * * * *');
    await app.jobs.enqueue(EXPIRED_CLEANUP_JOB, {});
    expect(await app.jobs.runDueJobs(now)).toBeGreaterThanOrEqual(1);
    expect(await queuedJobs(app.db, { name: EXPIRED_CLEANUP_JOB })).toMatchObject([{ state: 'completed' }]);

    const sessionIds = (await app.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(sessionIds).toContain(liveSession);
    expect(sessionIds).not.toContain(expiredSession);
    const tokenIds = (await app.db.select({ id: accountTokens.id }).from(accountTokens)).map((row) => row.id);
    expect(tokenIds).toEqual(expect.arrayContaining(Object.values(kept)));
    for (const id of [...Object.values(oldExpired), oldUsed]) expect(tokenIds).not.toContain(id);
  });

  it('finds its batches through the expiry indexes, not by reading every session and token', async () => {
    const now = new Date();
    // The tables are tiny here, so a sequential scan would win on cost: it is switched off to see which index fits.
    const plans = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const planOf = async (query: SQLWrapper) => {
        const { rows } = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
        return rows.map((row) => Object.values(row)[0]).join('\n');
      };
      return { sessions: await planOf(expiredSessionsBatch(tx, now)), tokens: await planOf(oldTokensBatch(tx, now)) };
    });
    expect(plans.sessions).toContain('sessions_expires_idx');
    expect(plans.tokens).toContain('account_tokens_expires_idx');
    expect(plans.tokens).toContain('account_tokens_used_idx');
  });
});
