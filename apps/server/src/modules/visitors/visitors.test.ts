import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VISITORS_PAGE_SIZE, visitorsResponseSchema } from '@app/contracts';
import { profileVisits, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { jobSchedule } from '../../test-support/jobs.ts';
import { visitorsPageQuery } from './visitors.repository.ts';
import { createMember, insertProfiles, makePremium, visitor, type TestMember } from '../../test-support/members.ts';

const DAY_MS = 86_400_000;

describe('who viewed me (visitors.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => vi.restoreAllMocks());

  /** Fixes the app's clock at `at` (the visit's time and the page's "now"). */
  const setClock = (at: Date) => vi.spyOn(app.clock, 'now').mockReturnValue(at);
  const open = async (member: TestMember, id: number) => {
    const response = await member.client.request({ url: `/api/member.php?id=${id}` });
    expect(response.statusCode).toBe(200);
  };
  const visitsOf = (visitedId: number) =>
    app.db.select().from(profileVisits).where(eq(profileVisits.visitedProfileId, visitedId));
  const visitorsOf = async (member: TestMember, cursor?: string) => {
    const response = await member.client.request({
      url: `/api/visitors.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    expect(response.statusCode).toBe(200);
    return { body: visitorsResponseSchema.parse(response.json()), raw: response.body };
  };
  const putSettings = (member: TestMember, payload: object) =>
    member.client.request({ method: 'PUT', url: '/api/notifications.php', payload });

  it('records a visit once per visitor and day, off the page (an outbox event), and lists the newest for premium', async () => {
    const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
    await makePremium(app, anna);
    const day1 = new Date('2026-11-02T10:00:00Z');
    setClock(day1);
    await open(bert, anna.profileId);
    await open(bert, anna.profileId);
    setClock(new Date(day1.getTime() + 2 * 3_600_000));
    await open(bert, anna.profileId);
    expect(await visitsOf(anna.profileId)).toEqual([
      { visitedProfileId: anna.profileId, visitorProfileId: bert.profileId, day: '2026-11-02', visitedAt: day1 },
    ]);

    const day2 = new Date(day1.getTime() + DAY_MS);
    setClock(day2);
    await open(bert, anna.profileId);
    expect(await visitsOf(anna.profileId)).toHaveLength(2);

    const { body } = await visitorsOf(anna);
    expect(body).toMatchObject({ count: 1, is_locked: false, next_cursor: null });
    expect(body.visitors).toHaveLength(1);
    expect(body.visitors[0]).toMatchObject({ id: bert.profileId, name: bert.name, visited_at: day2.toISOString() });
  });

  it('never records a visit to oneself, by a visitor without a session, an invisible or opted-out member', async () => {
    const [anna, bert, carl, dora] = await Promise.all([
      createMember(app),
      createMember(app),
      createMember(app),
      createMember(app),
    ]);
    await open(anna, anna.profileId);
    expect((await visitor(app).request({ url: `/api/member.php?id=${anna.profileId}` })).statusCode).toBe(200);
    expect((await putSettings(bert, { invisible: true })).statusCode).toBe(200);
    await open(bert, anna.profileId);
    const optedOut = await putSettings(carl, { private_visits: true });
    expect(optedOut.json().settings.private_visits).toBe(true);
    await open(carl, anna.profileId);
    expect(await visitsOf(anna.profileId)).toEqual([]);

    // Switched back on, the next day's visit counts (a page opened again the same day announces nothing again).
    expect((await putSettings(carl, { private_visits: false })).json().settings.private_visits).toBe(false);
    setClock(new Date(app.clock.now().getTime() + DAY_MS));
    await open(carl, anna.profileId);
    await open(dora, anna.profileId);
    expect((await visitsOf(anna.profileId)).map((row) => row.visitorProfileId).sort()).toEqual(
      [carl.profileId, dora.profileId].sort(),
    );
    expect((await putSettings(carl, { private_visits: 'yes' })).statusCode).toBe(400);
  });

  it('leaves out a visitor blocked either way, from the count and the list', async () => {
    const [anna, bert, carl, dora] = await Promise.all([
      createMember(app),
      createMember(app),
      createMember(app),
      createMember(app),
    ]);
    await makePremium(app, anna);
    for (const member of [bert, carl, dora]) await open(member, anna.profileId);
    expect((await visitorsOf(anna)).body.count).toBe(3);
    const blocked = await anna.client.request({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: bert.profileId },
    });
    expect(blocked.statusCode).toBe(200);
    const blockedBy = await carl.client.request({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: anna.profileId },
    });
    expect(blockedBy.statusCode).toBe(200);
    const { body } = await visitorsOf(anna);
    expect(body.count).toBe(1);
    expect(body.visitors.map((card) => card.id)).toEqual([dora.profileId]);
    // Across a block no new visit is recorded at all: anna opens bert's page, whom she blocked.
    await open(anna, bert.profileId);
    expect(await visitsOf(bert.profileId)).toEqual([]);
  });

  it('counts and keeps 30 days: older visits are not counted, and the retention job deletes them', async () => {
    const [anna, bert, carl] = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    await makePremium(app, anna);
    const now = new Date('2026-11-20T12:00:00Z');
    const old = new Date(now.getTime() - 31 * DAY_MS);
    setClock(old);
    await open(bert, anna.profileId);
    setClock(now);
    await open(carl, anna.profileId);
    expect(await visitsOf(anna.profileId)).toHaveLength(2);
    const { body } = await visitorsOf(anna);
    expect(body.count).toBe(1);
    expect(body.visitors.map((card) => card.id)).toEqual([carl.profileId]);

    // The daily schedule is declared to pg-boss; here its period's job is enqueued as the cron pass would, and run.
    expect(await jobSchedule(app.db, 'visitors.expire')).toMatchObject({ cron: '47 4 * * *', timezone: 'UTC' });
    await app.jobs.enqueue('visitors.expire', {});
    expect(await app.jobs.runDueJobs(now)).toBeGreaterThanOrEqual(1);
    expect((await visitsOf(anna.profileId)).map((row) => row.visitorProfileId)).toEqual([carl.profileId]);
    expect(await app.services.visitors.deleteExpired(now)).toBe(0);
  });

  it('answers a free member the count only: no visitor id, name or photo leaves the server', async () => {
    const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
    await open(bert, anna.profileId);
    const { body, raw } = await visitorsOf(anna);
    expect(body).toEqual({ count: 1, visitors: [], is_locked: true, next_cursor: null });
    expect(raw).not.toContain(bert.name);
    expect(raw).not.toContain(String(bert.profileId));
    // A forged cursor is refused like the other lists'.
    const forged = await anna.client.request({ url: '/api/visitors.php?cursor=abc.def' });
    expect(forged.statusCode).toBe(400);
    expect((await visitor(app).request({ url: '/api/visitors.php' })).statusCode).toBe(403);
  });

  it('pages premium members through their visitors, newest first, with a cursor', async () => {
    const anna = await createMember(app);
    await makePremium(app, anna);
    const others = await insertProfiles(
      app,
      Array.from({ length: VISITORS_PAGE_SIZE + 1 }, (_, index) => ({ name: `visitor${index}` })),
    );
    const base = app.clock.now().getTime() - DAY_MS;
    await app.db.insert(profileVisits).values(
      others.map((other, index) => {
        const visitedAt = new Date(base + index * 60_000);
        return {
          visitedProfileId: anna.profileId,
          visitorProfileId: other.id,
          day: visitedAt.toISOString().slice(0, 10),
          visitedAt,
        };
      }),
    );
    const first = (await visitorsOf(anna)).body;
    expect(first.count).toBe(VISITORS_PAGE_SIZE + 1);
    expect(first.visitors).toHaveLength(VISITORS_PAGE_SIZE);
    expect(first.visitors[0]!.id).toBe(others.at(-1)!.id);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await visitorsOf(anna, first.next_cursor!)).body;
    expect(second.visitors.map((card) => card.id)).toEqual([others[0]!.id]);
    expect(second.next_cursor).toBeNull();
  });

  it("reads a member's page through profile_visits_visited_idx, not by reading every visit", async () => {
    const site = await app.sites.resolve('');
    const plan = await app.db.transaction(async (tx) => {
      // The table is tiny here, so a sequential scan would win on cost: it is switched off to see which index fits.
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = visitorsPageQuery(tx, {
        siteId: site.id,
        profileId: 1,
        since: new Date(Date.now() - 30 * DAY_MS),
        after: null,
        limit: VISITORS_PAGE_SIZE + 1,
      });
      const { rows } = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('profile_visits_visited_idx');
  });

  it('records an event once however often it is delivered (the consumer is idempotent)', async () => {
    const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
    const event = {
      visitorProfileId: bert.profileId,
      visitedProfileId: anna.profileId,
      visitedAt: app.clock.now().toISOString(),
    };
    const record = () => app.db.transaction((tx) => app.services.visitors.recordVisit(event, tx));
    expect(await record()).toBe(true);
    expect(await record()).toBe(false);
    expect(await visitsOf(anna.profileId)).toHaveLength(1);
    // An event for a visit older than the window records nothing.
    const stale = { ...event, visitedAt: new Date(Date.now() - 40 * DAY_MS).toISOString() };
    expect(await app.db.transaction((tx) => app.services.visitors.recordVisit(stale, tx))).toBe(false);
  });

  it('deletes the visits with the account, made and received', async () => {
    const [anna, bert, carl] = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    await open(bert, anna.profileId);
    await open(anna, carl.profileId);
    await app.db.delete(users).where(eq(users.id, anna.user.id));
    expect(await visitsOf(anna.profileId)).toEqual([]);
    expect(
      await app.db
        .select()
        .from(profileVisits)
        .where(
          and(eq(profileVisits.visitorProfileId, anna.profileId), eq(profileVisits.visitedProfileId, carl.profileId)),
        ),
    ).toEqual([]);
  });
});
