// The traffic report against direct counts (docs/traffic.md, "Reports"): a known set of visits, signups, purchases
// and refunds over several sources and days, every figure of every grouping checked against the source tables
// (visits, first touches, accounts, orders), days in the site's time zone, the CSV, the variant test.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRAFFIC_REPORT_GROUPS,
  type AdminTrafficReportResponse,
  type Order,
  type TrafficReportGroup,
  type TrafficReportRow,
} from '@app/contracts';
import { orders, trafficMembers, trafficVisits, users } from '../../db/schema/index.ts';
import { createClient, signUp, uniqueEmail, type Client } from '../../test-support/accounts.ts';
import { payOrder } from '../../test-support/orders.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';
import { buildTestApp, writeIndexOnlyDist, type TestApp } from '../../test-support/test-app.ts';
import { insertProfiles } from '../../test-support/members.ts';
import { twoProportionPValue } from './report.service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the traffic report', () => {
  let app: TestApp;
  let staff: StaffClient;
  let dist: Awaited<ReturnType<typeof writeIndexOnlyDist>>;
  let landingMemberId = 0;
  const realNow = () => new Date();
  /** 2026-03-10 11:00 UTC and the days after it (Europe/Amsterdam: the same calendar days at noon). */
  const start = Date.parse('2026-03-10T11:00:00Z');
  const at = (day: number, hourOffset = 0) => new Date(start + day * DAY + hourOffset * 3_600_000);

  beforeAll(async () => {
    dist = await writeIndexOnlyDist();
    app = await buildTestApp({ webDistDir: dist.distDir }, { serveWeb: true });
    staff = await signedInStaff(app, 'admin');
    const network = await staff.request({
      method: 'POST',
      url: '/api/admin/traffic/networks',
      payload: {
        key: 'adnet',
        name: 'Ad Net',
        payouts: { signup: { amount_minor: 150, currency: 'EUR' }, purchase: { percent: 20 } },
      },
    });
    expect(network.statusCode, network.body).toBe(200);
    // Lander variants, so the report can group by them.
    const site = (await app.sites.resolve('')).id;
    const experiment = await staff.request({
      method: 'PUT',
      url: '/api/admin/traffic/experiments/gallery',
      payload: {
        site_id: site,
        variants: [
          { key: 'a', design: 'gallery', weight: 1 },
          { key: 'b', design: 'collagelanding', weight: 1 },
        ],
      },
    });
    expect(experiment.statusCode, experiment.body).toBe(200);
    // A member whose landing an ad links to (a landing of no member shown answers 404: docs/web-shell.md).
    const [landingMember] = await insertProfiles(app, [{ name: 'Landing Lena', showInAds: true }]);
    landingMemberId = landingMember!.id;
  });
  afterAll(async () => {
    app.clock.now = realNow;
    await app.close();
    await dist.remove();
  });

  async function visit(day: number, url: string, client = createClient(app), hourOffset = 0): Promise<Client> {
    app.clock.now = () => at(day, hourOffset);
    const response = await client.request({ url });
    expect(response.statusCode, url).toBe(200);
    return client;
  }
  async function signup(day: number, client: Client): Promise<number> {
    app.clock.now = () => at(day);
    const { user } = await signUp(app, { email: uniqueEmail('report') }, client);
    return user.id;
  }
  async function buy(day: number, client: Client): Promise<Order> {
    app.clock.now = () => at(day);
    return (await payOrder(app, client)).order;
  }

  it('gives every figure of every grouping as a direct count of the source tables says', async () => {
    // Day 0: three ad visitors of adnet (two affiliates), one of them twice; one organic lander visitor.
    const alice = await visit(0, '/landers/gallery?network=adnet&ref=aff1&sub1=x&utm_campaign=spring&click_id=c1');
    await visit(1, '/?network=adnet&ref=aff1&sub1=y&click_id=c1b', alice);
    const bob = await visit(0, '/landers/video?network=adnet&ref=aff2&sub1=x&utm_campaign=spring&click_id=c2');
    const carol = await visit(0, '/landers/gallery?network=adnet&ref=aff2&click_id=c3');
    const dave = await visit(0, '/landers/gallery');
    // Day 1: another network nobody configured, and a member landing; day 2 a visitor just before midnight in Amsterdam.
    const erin = await visit(1, '/?network=othernet&utm_source=news&utm_campaign=autumn');
    const frank = await visit(1, `/members/${landingMemberId}/landing?gclid=g1`);
    const gina = await visit(2, '/landers/video?network=adnet&ref=aff1', createClient(app), 11.5);
    void frank;
    void gina;
    // Signups, purchases, a refund.
    const aliceId = await signup(1, alice);
    const bobId = await signup(1, bob);
    await signup(2, carol);
    await signup(2, dave);
    await signup(3, erin);
    void bobId;
    const paid = await buy(2, alice);
    await buy(3, alice);
    await buy(3, bob);
    app.clock.now = () => at(3);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, aliceId));
    const refund = await alice.request({ method: 'POST', url: '/api/refund.php', payload: { order: paid.id } });
    expect(refund.statusCode, refund.body).toBe(200);
    app.clock.now = realNow;

    const from = '2026-03-10';
    const to = '2026-03-13';
    for (const by of TRAFFIC_REPORT_GROUPS) {
      const response = await staff.request({ url: `/api/admin/traffic/report?from=${from}&to=${to}&by=${by}` });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<AdminTrafficReportResponse>();
      const expected = await directCounts(by, from, to);
      const got = Object.fromEntries(
        report.rows.map((row) => [
          row.key,
          (({ key: _key, label: _label, test: _test, ...figures }: TrafficReportRow) => figures)(row),
        ]),
      );
      expect(got, by).toEqual(expected);
    }
    // Days in the site's time zone: Gina's visit (day 2, 22:30 UTC) is on 2026-03-12 in UTC but 2026-03-12 23:30 in
    // Amsterdam; the period ending on the 12th counts it, the one starting on the 13th does not.
    const byDay = await staff.request({ url: `/api/admin/traffic/report?from=2026-03-13&to=2026-03-13&by=network` });
    expect(byDay.json().rows.find((row: { key: string }) => row.key === 'adnet')?.visits ?? 0).toBe(0);
    const whole = (await staff.request({ url: `/api/admin/traffic/report?from=${from}&to=${to}&by=site` })).json();
    expect(whole.days.map((day: { day: string }) => day.day)).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    expect(whole.days.reduce((sum: number, day: { visits: number }) => sum + day.visits, 0)).toBe(whole.rows[0].visits);
  });

  /** Every figure from the source tables: visits and first touches, accounts, orders. */
  async function directCounts(by: TrafficReportGroup, from: string, to: string) {
    const keyOf = (visit: typeof trafficVisits.$inferSelect): string => {
      switch (by) {
        case 'site':
          return String(visit.siteId);
        case 'network':
          return visit.network ?? '';
        case 'ref':
          return visit.ref ?? '';
        case 'sub1':
          return visit.sub1 ?? '';
        case 'campaign':
          return visit.utmCampaign ?? '';
        case 'lander':
          return visit.lander ?? '';
        case 'variant':
          return visit.variant ? `${visit.lander}:${visit.variant}` : '';
        case 'member':
          return visit.landingMemberId ? String(visit.landingMemberId) : '';
      }
    };
    const visits = await app.db
      .select()
      .from(trafficVisits)
      .where(sql`${trafficVisits.day} between ${from} and ${to}`);
    const rows: Record<
      string,
      {
        visits: number;
        visitors: number;
        signups: number;
        activations: number;
        buyers: number;
        revenue: { amount: number; currency: string }[];
        refunds: { amount: number; currency: string }[];
        payouts: { amount: number; currency: string }[];
      }
    > = {};
    const rowOf = (key: string) =>
      (rows[key] ??= {
        visits: 0,
        visitors: 0,
        signups: 0,
        activations: 0,
        buyers: 0,
        revenue: [],
        refunds: [],
        payouts: [],
      });
    for (const entry of visits) rowOf(keyOf(entry)).visits += 1;
    // Visitors: first touches in the period, by their first visit.
    const all = await app.db.select().from(trafficVisits).orderBy(trafficVisits.id);
    const links = await app.db.select().from(trafficMembers);
    const firstVisits = new Map<string, typeof trafficVisits.$inferSelect>();
    for (const visit of all) if (!firstVisits.has(visit.visitorId)) firstVisits.set(visit.visitorId, visit);
    const firsts = [...firstVisits.values()].map((visit) => ({
      visit,
      userId: links.find((link) => link.visitorId === visit.visitorId)?.userId ?? null,
    }));
    for (const { visit } of firsts) if (visit.day >= from && visit.day <= to) rowOf(keyOf(visit)).visitors += 1;
    // Signups: accounts, by their visitor's first touch (none: direct), all signed up inside the period.
    const accounts = await app.db.select({ id: users.id, siteId: users.siteId }).from(users);
    const firstOf = new Map(firsts.filter((row) => row.userId !== null).map((row) => [row.userId!, row.visit]));
    const keyOfUser = (userId: number) => {
      const first = firstOf.get(userId);
      if (first) return keyOf(first);
      return by === 'site' ? String(accounts.find((account) => account.id === userId)!.siteId) : '';
    };
    for (const account of accounts) rowOf(keyOfUser(account.id)).signups += 1;
    const paid = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'paid'), isNotNull(orders.userId)));
    const buyers = new Map<string, Set<number>>();
    const add = (list: { amount: number; currency: string }[], amount: number, currency: string) => {
      const entry = list.find((item) => item.currency === currency);
      if (entry) entry.amount += amount;
      else list.push({ amount, currency });
    };
    for (const order of paid) {
      const key = keyOfUser(order.userId!);
      buyers.set(key, (buyers.get(key) ?? new Set()).add(order.userId!));
      add(rowOf(key).revenue, order.amountMinor, order.currency);
      if (order.refundedMinor) add(rowOf(key).refunds, order.refundedMinor, order.currency);
      // adnet's payouts: 20 % of each purchase, reversed by refunds in proportion; 1.50 per signup below.
      if (firstOf.get(order.userId!)?.network === 'adnet') {
        const payout = Math.floor((order.amountMinor * 2000) / 10_000);
        add(rowOf(key).payouts, payout, order.currency);
        if (order.refundedMinor)
          add(rowOf(key).payouts, -Math.floor(payout * (order.refundedMinor / order.amountMinor)), order.currency);
      }
    }
    for (const [key, set] of buyers) rowOf(key).buyers = set.size;
    const adnetSignups = [...firstOf.entries()].filter(
      ([userId, first]) => first.network === 'adnet' && accounts.some((a) => a.id === userId),
    );
    for (const [userId] of adnetSignups) add(rowOf(keyOfUser(userId)).payouts, 150, 'EUR');
    for (const row of Object.values(rows)) {
      for (const list of [row.revenue, row.refunds, row.payouts])
        list.sort((a, b) => a.currency.localeCompare(b.currency));
      row.payouts = row.payouts.filter((entry) => entry.amount !== 0);
    }
    return rows;
  }

  it('exports the report as CSV and refuses a period that is not one', async () => {
    const csv = await staff.request({
      url: '/api/admin/traffic/report?from=2026-03-10&to=2026-03-13&by=ref&format=csv',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="traffic-by-ref-2026-03-10-2026-03-13.csv"');
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'ref,label,visits,visitors,signups,activations,buyers,conversion,revenue,refunds,payouts,revenue_per_signup,p_value',
    );
    expect(lines.some((line) => line.startsWith('aff1,'))).toBe(true);
    // One site's figures (a query's site id is text, as every query's).
    const siteId = (await app.sites.resolve('')).id;
    const mine = await staff.request({
      url: `/api/admin/traffic/report?from=2026-03-10&to=2026-03-13&by=ref&site=${siteId}`,
    });
    const all = await staff.request({ url: '/api/admin/traffic/report?from=2026-03-10&to=2026-03-13&by=ref' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual(all.json());
    const other = await staff.request({
      url: '/api/admin/traffic/report?from=2026-03-10&to=2026-03-13&by=ref&site=999999',
    });
    expect(other.json().rows).toEqual([]);
    for (const [query, code] of [
      ['from=2026-03-13&to=2026-03-10', 'report_period_invalid'],
      ['from=2025-01-01&to=2026-03-10', 'report_period_too_long'],
      ['from=2026-02-30&to=2026-03-10', 'invalid_value'],
      ['from=yesterday&to=2026-03-10', 'invalid_value'],
    ] as const) {
      const refused = await staff.request({ url: `/api/admin/traffic/report?${query}&by=network` });
      expect(refused.statusCode, `${query} ${refused.body}`).toBe(400);
      expect(
        refused.json().error.fields.map((field: { code: string }) => field.code),
        query,
      ).toContain(code);
    }
    expect(
      (await staff.request({ url: '/api/admin/traffic/report?from=2026-03-10&to=2026-03-13&by=nothing' })).statusCode,
    ).toBe(400);
  });

  it("answers the last 30 days up to the sites' today without a period, though the viewer's day is still the one before", async () => {
    // 23:30 UTC is already the next day in Amsterdam (the default site's time zone): a visit then counts there.
    app.clock.now = () => new Date('2026-03-20T23:30:00Z');
    try {
      const late = await createClient(app).request({ url: '/landers/gallery?network=adnet&click_id=late1' });
      expect(late.statusCode).toBe(200);
      const answer = await staff.request({ url: '/api/admin/traffic/report?by=network' });
      expect(answer.statusCode, answer.body).toBe(200);
      const report = answer.json();
      expect({ from: report.from, to: report.to }).toEqual({ from: '2026-02-20', to: '2026-03-21' });
      expect(report.days).toHaveLength(30);
      expect(report.days.at(-1)).toMatchObject({ day: '2026-03-21', visits: 1 });
      // One site's period is its own calendar's; a period asked for is answered as asked.
      const siteId = (await app.sites.resolve('')).id;
      const ofSite = (await staff.request({ url: `/api/admin/traffic/report?by=network&site=${siteId}` })).json();
      expect(ofSite.to).toBe('2026-03-21');
      const asked = (await staff.request({ url: '/api/admin/traffic/report?from=2026-03-10&to=2026-03-13' })).json();
      expect({ from: asked.from, to: asked.to }).toEqual({ from: '2026-03-10', to: '2026-03-13' });
      // Both ends or neither.
      for (const [query, field] of [
        ['to=2026-03-13', 'from'],
        ['from=2026-03-13', 'to'],
      ] as const) {
        const refused = await staff.request({ url: `/api/admin/traffic/report?${query}` });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().error.fields).toContainEqual(
          expect.objectContaining({ path: field, code: 'field_required' }),
        );
      }
    } finally {
      app.clock.now = realNow;
    }
  });

  it('tests lander variants against the first one: p-value and significance at 95 %', () => {
    expect(twoProportionPValue(10, 100, 10, 100)).toBeCloseTo(1, 6);
    // 40 of 200 against 20 of 200: pooled 0.15, z = 2.80, p = 0.0051.
    expect(twoProportionPValue(40, 200, 20, 200)).toBeCloseTo(0.0051, 4);
    expect(twoProportionPValue(12, 100, 10, 100)).toBeGreaterThan(0.05);
    expect(twoProportionPValue(1, 0, 1, 10)).toBe(1);
  });
});
