import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditBalances, creditLedger, profiles, sessions, users } from '../../db/schema/index.ts';
import { queuedJobs } from '../../test-support/jobs.ts';
import { buildTestApp, clientHeaders, type TestApp } from '../../test-support/test-app.ts';
import { PURGE_JOB } from './accounts.service.ts';
import {
  DEFAULT_PASSWORD,
  createClient,
  login,
  mailsTo,
  signUp,
  tokenFromMail,
  type Client,
} from '../../test-support/accounts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('account deletion, reactivation and purge (delete-account.php, reactivate.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    app.clock.now = () => new Date();
  });

  /** Deletes with the password of the test members (re-authentication), unless the body says otherwise. */
  const deleteAccount = (client: Client, body: Record<string, unknown> = { reason: 'found_someone' }) =>
    client.request({
      method: 'POST',
      url: '/api/delete-account.php',
      payload: { password: DEFAULT_PASSWORD, ...body },
    });
  const reactivate = (token: string, client = createClient(app)) =>
    client.request({ method: 'POST', url: '/api/reactivate.php', payload: { token } });

  it('asks for the current password first: a wrong or missing one deletes nothing and keeps the session', async () => {
    const { client, user } = await signUp(app);
    for (const body of [
      { reason: 'price', password: 'not my password' },
      { reason: 'price', password: '' },
      { reason: 'price', password: undefined },
    ]) {
      const response = await deleteAccount(client, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toContainEqual(
        expect.objectContaining({
          path: 'password',
          code: 'password_incorrect',
          message: 'Please check your password',
        }),
      );
    }
    const [row] = await app.db.select({ status: users.status }).from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('not_confirmed');
    expect((await client.request({ url: '/api/user.php' })).statusCode).toBe(200);
    expect(await queuedJobs(app.db, { name: PURGE_JOB })).toEqual([]);
  });

  it('puts the account in pending deletion, ends every session and mails a reactivation link valid 14 days', async () => {
    const { client, email, password, user } = await signUp(app);
    const otherBrowser = createClient(app);
    await login(otherBrowser, email, password);

    const response = await deleteAccount(client, { reason: 'other', remarks: 'Too many notifications' });
    expect(response.statusCode).toBe(200);
    const { reactivate_until: until } = response.json();
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect(client.cookie).toBeUndefined();
    expect((await otherBrowser.request({ url: '/api/user.php' })).statusCode).toBe(403);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      status: 'deleted_pending',
      deleteReason: 'other',
      deleteRemarks: 'Too many notifications',
    });
    const mails = await mailsTo(app, email);
    expect(mails[0]).toMatchObject({ template: 'accountDeleted' });
    expect(mails[0]!.links[0]).toMatch(/\/account-deleted\?token=/);
    // Logging in is refused while the deletion is pending.
    const relogin = await login(createClient(app), email, password);
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().error.code).toBe('deleted_account_exists');
  });

  it('wants remarks with the reason "other", and a known reason', async () => {
    const { client } = await signUp(app);
    const noRemarks = await deleteAccount(client, { reason: 'other' });
    expect(noRemarks.statusCode).toBe(400);
    expect(noRemarks.json().error.fields).toEqual([
      expect.objectContaining({ path: 'remarks', code: 'remarks_required' }),
    ]);
    expect((await deleteAccount(client, { reason: 'bored' })).statusCode).toBe(400);
    for (const reason of ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time']) {
      const { client: member } = await signUp(app);
      expect((await deleteAccount(member, { reason })).statusCode, reason).toBe(200);
    }
  });

  it('reactivates within 14 days with the mailed link (logging in) and cancels the purge', async () => {
    const { client, email, password, user } = await signUp(app);
    await deleteAccount(client);
    const token = await tokenFromMail(app, email, '/account-deleted');
    const now = Date.now();
    app.clock.now = () => new Date(now + 13 * DAY_MS);
    const browser = createClient(app);
    const response = await reactivate(token, browser);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, status: 'not_confirmed' });
    expect((await browser.request({ url: '/api/user.php' })).statusCode).toBe(200);
    expect((await reactivate(token)).json().error.code).toBe('link_invalid');

    // The purge that was scheduled does nothing now.
    await app.jobs.runDueJobs(new Date(now + 15 * DAY_MS));
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await login(createClient(app), email, password)).statusCode).toBe(200);
  });

  it('restores an activated account to active', async () => {
    const { client, email } = await signUp(app);
    await createClient(app).request({
      method: 'POST',
      url: '/api/activate.php',
      payload: { token: await tokenFromMail(app, email, '/activate') },
    });
    await deleteAccount(client);
    const response = await reactivate(await tokenFromMail(app, email, '/account-deleted'));
    expect(response.json().user.status).toBe('active');
  });

  it('refuses the reactivation link after 14 days', async () => {
    const { client, email } = await signUp(app);
    await deleteAccount(client);
    const token = await tokenFromMail(app, email, '/account-deleted');
    const now = Date.now();
    app.clock.now = () => new Date(now + 14 * DAY_MS + 1000);
    const response = await reactivate(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'link_invalid',
      message: 'Link expired or invalid, request a new email',
    });
  });

  it('purges the account with a scheduled job after 14 days, keeping the ledger rows anonymised', async () => {
    const { client, user } = await signUp(app);
    const { user: keeper } = await signUp(app);
    await deleteAccount(client);
    const [job] = await queuedJobs(app.db, { key: `${PURGE_JOB}:${user.id}` });
    expect(job).toMatchObject({ name: PURGE_JOB, data: { userId: user.id }, state: 'created' });
    expect(job!.startAfter.getTime() - Date.now()).toBeGreaterThan(14 * DAY_MS - 60_000);

    // Not due yet.
    await app.jobs.runDueJobs(new Date(Date.now() + 13 * DAY_MS));
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    expect(await app.jobs.runDueJobs(new Date(Date.now() + 14 * DAY_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await app.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
    expect(await app.db.select().from(creditBalances).where(eq(creditBalances.userId, user.id))).toEqual([]);
    const orphaned = await app.db
      .select()
      .from(creditLedger)
      .where(sql`${creditLedger.userId} is null`);
    expect(orphaned).toContainEqual(
      expect.objectContaining({ amount: 20, reason: 'signup_bonus', idempotencyKey: `signup_bonus:${user.id}` }),
    );
    // Other members are untouched.
    expect(await app.db.select().from(users).where(eq(users.id, keeper.id))).toHaveLength(1);
    const [done] = await queuedJobs(app.db, { id: job!.id });
    expect(done?.state).toBe('completed');
  });

  it('answers 403 authentication_required to a visitor', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/delete-account.php',
      headers: clientHeaders,
      payload: { reason: 'time' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().authentication_required).toBe(true);
  });
});
