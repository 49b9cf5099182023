// Visits and first touches (docs/traffic.md): ad clicks share the landers' cached renders, each visit with tracking
// data is recorded with its first touch and the signed cookie, crawlers and HEAD requests never count, the links of
// a page come from the site's configured address, lander variants stick to their visitor, and a member's records
// go with the data export and with the account.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  photos,
  profiles,
  trafficDaily,
  trafficEvents,
  trafficMembers,
  trafficVisits,
  users,
} from '../../db/schema/index.ts';
import { createClient, signUp, uniqueEmail } from '../../test-support/accounts.ts';
import { birthDateForAge, insertProfiles } from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';
import { BROWSER_USER_AGENT, buildTestApp, writeIndexOnlyDist, type TestApp } from '../../test-support/test-app.ts';

describe('paid traffic: visits', () => {
  let app: TestApp;
  let staff: StaffClient;
  let dist: Awaited<ReturnType<typeof writeIndexOnlyDist>>;

  beforeAll(async () => {
    dist = await writeIndexOnlyDist();
    app = await buildTestApp({ webDistDir: dist.distDir }, { serveWeb: true });
    staff = await signedInStaff(app, 'admin');
    const rows = await insertProfiles(
      app,
      Array.from({ length: 8 }, (_, index) => ({
        name: `Face${index}`,
        dateOfBirth: birthDateForAge(30 + index),
        city: 'Utrecht',
        showInAds: true,
      })),
    );
    await app.db.insert(photos).values(
      rows.map((row) => ({
        profileId: row.id,
        fileKey: `photos/aa/${row.id}.jpg`,
        thumbKey: `photos/aa/${row.id}-t.jpg`,
        width: 800,
        height: 800,
        isMain: true,
      })),
    );
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app.close();
    await dist.remove();
  });

  const visitsOf = (visitorId: string) =>
    app.db.select().from(trafficVisits).where(eq(trafficVisits.visitorId, visitorId)).orderBy(asc(trafficVisits.id));
  const visitorIdOf = (cookie: string | undefined) => cookie?.split('.')[1];

  it('renders a lander once for any number of unique ad clicks, and records each click', async () => {
    const render = vi.spyOn(app.services.landers, 'render');
    const clients = Array.from({ length: 5 }, () => createClient(app));
    const answers = [];
    for (const [index, client] of clients.entries())
      answers.push(
        await client.request({
          url: `/landers/tinderswipe?gclid=g${index}&utm_source=google&utm_medium=cpc&utm_campaign=c${index}&sub1=s${index}`,
        }),
      );
    expect(render).toHaveBeenCalledTimes(1);
    // The same page for all of them, none of their ids in it.
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).not.toMatch(/gclid|g0|utm_/);
    }
    // ... and each visitor has their own first touch, with what the address said.
    const ids = new Set(clients.map((client) => visitorIdOf(client.trackingCookie)));
    expect(ids.size).toBe(5);
    const [visit] = await visitsOf(visitorIdOf(clients[3]!.trackingCookie)!);
    expect(visit).toMatchObject({
      clickId: 'g3',
      clickKind: 'gclid',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'c3',
      sub1: 's3',
      lander: 'tinderswipe',
      path: '/landers/tinderswipe',
      network: null,
    });
    // A key the page reads is another page (its language), and a key a network is configured to send is not.
    await staff.request({
      method: 'POST',
      url: '/api/admin/traffic/networks',
      payload: { key: 'zednet', name: 'Zed', click_id_param: 'zid', ref_param: 'zaff' },
    });
    await createClient(app).request({ url: '/landers/tinderswipe?zid=1&zaff=7&network=zednet' });
    expect(render).toHaveBeenCalledTimes(1);
    await createClient(app).request({ url: '/landers/tinderswipe?lang=de&gclid=x' });
    expect(render).toHaveBeenCalledTimes(2);
    render.mockRestore();
  });

  it('keeps the first touch and the last one: one visitor, every visit, counted once as a visitor', async () => {
    const client = createClient(app);
    await client.request({ url: '/landers/gallery?network=zednet&zid=first&zaff=a1' });
    const visitorId = visitorIdOf(client.trackingCookie)!;
    await client.request({ url: '/?network=other&click_id=second' });
    // A page without tracking data on a non-lander page records nothing.
    await client.request({ url: '/pages/faq' });
    expect(visitorIdOf(client.trackingCookie)).toBe(visitorId);
    const visits = await visitsOf(visitorId);
    expect(visits.map((visit) => [visit.network, visit.clickId, visit.clickKind, visit.ref])).toEqual([
      ['zednet', 'first', 'zid', 'a1'],
      ['other', 'second', 'click_id', null],
    ]);
    // The first touch is the first visit; the last touch the latest.
    expect(visits[0]!.id).toBeLessThan(visits[1]!.id);
    // The day roll-ups: the first visit counts a visit and a visitor of its sources, the second a visit only.
    const rollup = async (grouping: string, key: string) =>
      (
        await app.db
          .select()
          .from(trafficDaily)
          .where(and(eq(trafficDaily.grouping, grouping), eq(trafficDaily.key, key)))
      )[0];
    // (zednet's first visitor came in the first test.)
    expect(await rollup('network', 'zednet')).toMatchObject({ visits: 2, visitors: 2 });
    expect(await rollup('ref', 'a1')).toMatchObject({ visits: 1, visitors: 1 });
    expect(await rollup('network', 'other')).toMatchObject({ visits: 1, visitors: 0 });
    // The cookie: HttpOnly, the site's days.
    const page = await client.request({ url: '/landers/gallery?gclid=x' });
    const cookie = page.cookies.find((entry) => entry.name === 'tv')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeGreaterThan(29 * 86_400);
    expect(cookie.maxAge).toBeLessThanOrEqual(30 * 86_400);
  });

  it('never counts crawlers or HEAD requests', async () => {
    const before = (await app.db.select({ count: sql<number>`count(*)::int` }).from(trafficVisits))[0]!.count;
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'AdsBot-Google (+http://www.google.com/adsbot.html)',
      '',
    ]) {
      const response = await app.inject({
        url: '/landers/video?gclid=bot',
        headers: { 'user-agent': userAgent },
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.cookies.find((entry) => entry.name === 'tv'),
        userAgent,
      ).toBeUndefined();
    }
    const head = await app.inject({
      method: 'HEAD',
      url: '/landers/video?gclid=head',
      headers: { 'user-agent': BROWSER_USER_AGENT },
    });
    expect(head.statusCode).toBe(200);
    const after = (await app.db.select({ count: sql<number>`count(*)::int` }).from(trafficVisits))[0]!.count;
    expect(after).toBe(before);
  });

  it("writes the canonical and hreflang links from the site's configured address, never the Host header or the ad's tags", async () => {
    const [face] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'Face0'));
    for (const url of [
      '/?gclid=abc',
      '/pages/faq?gclid=abc&lang=de',
      '/landers/gallery?gclid=abc',
      `/members/${face!.id}/landing2?gclid=abc`,
    ]) {
      const html = (await app.inject({ url, headers: { host: 'evil.example', 'user-agent': BROWSER_USER_AGENT } }))
        .body;
      const links = [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map(
        (match) => match[1]!,
      );
      expect(links.length, url).toBeGreaterThan(0);
      for (const link of links) {
        expect(link, url).toMatch(/^http:\/\/localhost:3000\//);
        expect(link, url).not.toContain('gclid');
      }
      expect(html).not.toContain('evil.example');
    }
  });

  it('gives a new visitor a lander variant by weight and keeps it for them; changes are audited', async () => {
    const siteId = (await app.sites.resolve('')).id;
    const set = await staff.request({
      method: 'PUT',
      url: '/api/admin/traffic/experiments/gallery',
      payload: {
        site_id: siteId,
        variants: [
          { key: 'a', design: 'gallery', weight: 0 },
          { key: 'b', design: 'collagelanding', weight: 5 },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const client = createClient(app);
    const first = await client.request({ url: '/landers/gallery?gclid=v1' });
    // Variant b shows the collage design at the gallery's address.
    expect(first.body).toContain('data-lander="collagelanding" data-lander-path="/landers/gallery"');
    // The weights change; the visitor keeps the variant of their first touch, a new visitor gets the new one.
    await staff.request({
      method: 'PUT',
      url: '/api/admin/traffic/experiments/gallery',
      payload: {
        site_id: siteId,
        variants: [
          { key: 'a', design: 'gallery', weight: 5 },
          { key: 'b', design: 'collagelanding', weight: 0 },
        ],
      },
    });
    expect((await client.request({ url: '/landers/gallery' })).body).toContain('data-lander="collagelanding"');
    expect((await createClient(app).request({ url: '/landers/gallery' })).body).toContain('data-lander="gallery"');
    const visits = await visitsOf(visitorIdOf(client.trackingCookie)!);
    expect(visits.map((visit) => visit.variant)).toEqual(['b', 'b']);
    const audit = (await staff.request({ url: '/api/admin/audit' })).json();
    const entry = audit.entries.find((item: { action: string }) => item.action === 'traffic.experiment_update');
    expect(entry).toMatchObject({ target_type: 'site', target_id: String(siteId) });
    expect(entry.after.variants[0]).toMatchObject({ key: 'a', weight: 5 });
    // Bad input: a design that is no lander, the same key twice, weights all zero, an unknown lander or site.
    for (const [lander, variants, status] of [
      ['gallery', [{ key: 'a', design: 'nosuch', weight: 1 }], 400],
      [
        'gallery',
        [
          { key: 'a', design: 'gallery', weight: 1 },
          { key: 'a', design: 'video', weight: 1 },
        ],
        400,
      ],
      ['gallery', [{ key: 'a', design: 'gallery', weight: 0 }], 400],
      ['nosuch', [{ key: 'a', design: 'gallery', weight: 1 }], 404],
    ] as const) {
      const refused = await staff.request({
        method: 'PUT',
        url: `/api/admin/traffic/experiments/${lander}`,
        payload: { site_id: siteId, variants },
      });
      expect(refused.statusCode, JSON.stringify(variants)).toBe(status);
    }
    const noSite = await staff.request({
      method: 'PUT',
      url: '/api/admin/traffic/experiments/gallery',
      payload: { site_id: 999_999, variants: [{ key: 'a', design: 'gallery', weight: 1 }] },
    });
    expect(noSite.statusCode).toBe(404);
    expect(noSite.json().error.code).toBe('site_not_found');
    // Ending the experiment: the lander's own design for everyone.
    await staff.request({
      method: 'PUT',
      url: '/api/admin/traffic/experiments/gallery',
      payload: { site_id: siteId, variants: [] },
    });
    expect((await staff.request({ url: '/api/admin/traffic/experiments' })).json().experiments).toEqual([]);
  });

  it("puts the member's visits into the data export and forgets them with the account", async () => {
    const client = createClient(app);
    await client.request({ url: '/landers/video?network=zednet&zid=export-me&utm_campaign=winter' });
    const email = uniqueEmail('export');
    const { user } = await signUp(app, { email }, client);
    const visitorId = visitorIdOf(client.trackingCookie)!;
    const [link] = await app.db.select().from(trafficMembers).where(eq(trafficMembers.userId, user.id));
    expect(link!.visitorId).toBe(visitorId);
    expect((await visitsOf(visitorId)).map((visit) => visit.clickId)).toEqual(['export-me']);
    // The account is purged (14 days after its deletion): the first touch and its visits go, the signup stays in the
    // books without the member, the click id or the free sub ids.
    await app.db
      .update(users)
      .set({ status: 'deleted_pending', deletedAt: new Date(Date.now() - 15 * 24 * 3_600_000) })
      .where(eq(users.id, user.id));
    expect(await app.services.accounts.purgeAccount(user.id, new Date())).toBe(true);
    expect(await app.db.select().from(trafficMembers).where(eq(trafficMembers.userId, user.id))).toEqual([]);
    expect(await visitsOf(visitorId)).toEqual([]);
    const kept = await app.db.select().from(trafficEvents).where(eq(trafficEvents.network, 'zednet'));
    const signup = kept.find((event) => event.kind === 'signup' && event.campaign === 'winter');
    expect(signup).toMatchObject({ userId: null, visitorId: null, clickId: null });
  });

  it('forgets visitors who never signed up once their cookie has ended; the day counts stay', async () => {
    const client = createClient(app);
    await client.request({ url: '/landers/video?network=oldnet&click_id=old' });
    const visitorId = visitorIdOf(client.trackingCookie)!;
    const member = createClient(app);
    await member.request({ url: '/landers/video?network=oldnet&click_id=member' });
    await signUp(app, { email: uniqueEmail('old-member') }, member);
    const rollup = async () =>
      (
        await app.db
          .select()
          .from(trafficDaily)
          .where(and(eq(trafficDaily.grouping, 'network'), eq(trafficDaily.key, 'oldnet')))
      )[0]?.visits;
    expect(await rollup()).toBe(2);
    const day = 24 * 3_600_000;
    // Within the site's 30 days and the day's grace: kept.
    expect(await app.services.traffic.forgetEndedVisitors(new Date(Date.now() + 30 * day))).toBe(0);
    expect(await visitsOf(visitorId)).toHaveLength(1);
    // Past them: gone with its visits; members' first touches stay however old.
    const forgotten = await app.services.traffic.forgetEndedVisitors(new Date(Date.now() + 32 * day));
    expect(forgotten).toBeGreaterThanOrEqual(1);
    expect(await visitsOf(visitorId)).toEqual([]);
    expect(await rollup()).toBe(2);
    // Members' first touches stay however old.
    const links = await app.db.select().from(trafficMembers);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(await visitsOf(link.visitorId), link.visitorId).not.toEqual([]);
  });
});
