// The staff console's API: the authorization matrix of every route, staff login with TOTP, ban (sessions revoked,
// login refused), photo rejection (mail in the member's language), refund, site creation, the audit log.
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_ROUTE_ROLES,
  ADMIN_ERROR_CODES,
  type AdminAuditEntry,
  type CreditsResponse,
  type Order,
  type StaffRole,
} from '@app/contracts';
import { photos, reports, sites, staffAuditLog, tickets, users } from '../../db/schema/index.ts';
import { hasTranslation } from '../../lib/i18n.ts';
import { staffSessionPlugin } from '../../plugins/staff-session/index.ts';
import type { WebSocket } from 'ws';
import { FakeSocket } from '../../test-support/fake-socket.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hasRedis, useTwoInstances, within } from '../../test-support/two-instances.ts';
import { registeredRoutes } from '../../test-support/route-tree.ts';
import { createClient, login, mailsTo, tokenFromMail, uniqueIp } from '../../test-support/accounts.ts';
import {
  createMember,
  makeJpeg,
  makePremium,
  multipartBody,
  uploadPhoto,
  type TestMember,
} from '../../test-support/members.ts';
import {
  createStaff,
  signedInStaff,
  staffBrowser,
  staffLogin,
  totpCode,
  type StaffClient,
} from '../../test-support/staff.ts';
import { STAFF_LOGIN_LIMITS } from './staff.routes.ts';
import { siteInputOf } from './sites.service.ts';

const ROLES: StaffRole[] = ['support', 'moderator', 'admin'];

/** Every registered "METHOD /api/admin/..." route, read back from Fastify's route tree. */
function registeredAdminRoutes(app: TestApp): Set<string> {
  return new Set(
    registeredRoutes(app)
      .filter((route) => route.path.startsWith('/api/admin/'))
      .map((route) => `${route.method} ${route.path}`),
  );
}
/** An id no row has: allowed callers get 404/400/409, never 401 or 403. */
const MISSING_ID = '2147483000';

describe('staff console API', () => {
  let app: TestApp;
  const staff = {} as Record<StaffRole, StaffClient>;
  let member: TestMember;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const role of ROLES) staff[role] = await signedInStaff(app, role);
    member = await createMember(app);
  });
  afterAll(() => app.close());

  const audit = async (target: string) =>
    (await staff.admin.request({ url: `/api/admin/audit?target=${target}` })).json<{ entries: AdminAuditEntry[] }>()
      .entries;

  describe('authorization', () => {
    it('has a rule for every registered /api/admin route and a route for every rule', () => {
      expect(registeredAdminRoutes(app).size).toBeGreaterThan(30);
      expect([...registeredAdminRoutes(app)].filter((key) => !(key in ADMIN_ROUTE_ROLES))).toEqual([]);
      expect(Object.keys(ADMIN_ROUTE_ROLES).filter((key) => !registeredAdminRoutes(app).has(key))).toEqual([]);
    });

    it('refuses to register an /api/admin route without a rule', async () => {
      const bare = Fastify();
      await bare.register(fp(async (scoped) => void scoped.decorate('db', app.db), { name: 'db' }));
      await bare.register(
        fp(
          async (scoped) => void scoped.decorate('jobs', { schedule: () => undefined } as unknown as typeof app.jobs),
          { name: 'jobs' },
        ),
      );
      await bare.register(staffSessionPlugin, { publicUrl: 'http://localhost' });
      expect(() => bare.get('/api/admin/me', async () => ({}))).not.toThrow();
      expect(() => bare.get('/api/admin/unruled', async () => ({}))).toThrow(
        /GET \/api\/admin\/unruled has no rule in ADMIN_ROUTE_ROLES/,
      );
      await bare.close();
    });

    it('answers 401 to visitors and members, 403 to a role without the right, and lets allowed roles through: every route', async () => {
      const failures: string[] = [];
      // The logout last: it ends the session it is called with.
      const entries = Object.entries(ADMIN_ROUTE_ROLES).sort(
        ([a], [b]) => Number(a === 'POST /api/admin/logout') - Number(b === 'POST /api/admin/logout'),
      );
      for (const [key, roles] of entries) {
        if (roles === null) continue;
        const [method, path] = key.split(' ') as [string, string];
        const url = path.replaceAll(':id', MISSING_ID);
        const options = { method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) };
        const anonymous = await app.inject({
          ...options,
          remoteAddress: uniqueIp(),
          headers: { 'request-type': 'client' },
        });
        if (anonymous.statusCode !== 401) failures.push(`${key} none -> ${anonymous.statusCode}`);
        const asMember = await member.client.request(options);
        if (asMember.statusCode !== 401) failures.push(`${key} member -> ${asMember.statusCode}`);
        for (const role of ROLES) {
          const response = await staff[role].request(options);
          const isAllowed = (roles as readonly string[]).includes(role);
          if (isAllowed && [401, 403].includes(response.statusCode))
            failures.push(`${key} ${role} (allowed) -> ${response.statusCode} ${response.body}`);
          if (!isAllowed && response.statusCode !== 403)
            failures.push(`${key} ${role} (refused) -> ${response.statusCode}`);
          if (!isAllowed && response.statusCode === 403)
            expect(response.json().error.code).toBe('staff_role_forbidden');
        }
      }
      expect(failures).toEqual([]);
      for (const role of ROLES) staff[role] = await signedInStaff(app, role);
    });

    it('checks HEAD like GET', async () => {
      expect(
        (await app.inject({ method: 'HEAD', url: '/api/admin/members', remoteAddress: uniqueIp() })).statusCode,
      ).toBe(401);
      expect((await staff.support.request({ method: 'HEAD', url: '/api/admin/audit' })).statusCode).toBe(403);
      expect((await staff.admin.request({ method: 'HEAD', url: '/api/admin/audit' })).statusCode).toBe(200);
    });

    it('has an English message for every console error code', () => {
      for (const code of [...ADMIN_ERROR_CODES, 'account_banned'])
        expect(hasTranslation(`errors:${code}`), code).toBe(true);
    });
  });

  describe('staff login', () => {
    it('needs the right password and a current code; a code is accepted once; the session cookie is strict and scoped', async () => {
      const account = await createStaff(app, 'support');
      expect(account.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      const browser = staffBrowser(app, account);
      expect((await staffLogin(app, browser, { password: 'wrong password' })).statusCode).toBe(401);
      expect(
        (await staffLogin(app, browser, { code: await totpCode(app, account.secret, 10) })).json().error.code,
      ).toBe('staff_login_failed');
      const ok = await staffLogin(app, browser);
      expect(ok.statusCode).toBe(200);
      const cookie = ok.cookies.find((item) => item.name === 'staff_sid')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
      expect((await browser.request({ url: '/api/admin/me' })).json()).toMatchObject({
        staff: { email: account.email, role: 'support' },
      });
      // The same code again (another browser, same 30-second step): refused as a replay.
      const replay = staffBrowser(app, account);
      const code = await totpCode(app, account.secret);
      expect((await staffLogin(app, replay, { code })).statusCode).toBe(401);
      const reasons = (await audit(`staff:${account.id}`))
        .map((entry) => (entry.after as { why?: string } | null)?.why)
        .filter(Boolean);
      expect(reasons).toEqual(expect.arrayContaining(['wrong_password', 'wrong_code', 'replayed_code']));
      // Logged out: the cookie no longer opens the console.
      const stolen = browser.cookie;
      expect((await browser.request({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(200);
      browser.cookie = stolen;
      expect((await browser.request({ url: '/api/admin/me' })).statusCode).toBe(401);
    });

    it('a disabled account loses its session at once and cannot log in', async () => {
      const client = await signedInStaff(app, 'moderator');
      await app.services.admin.staff.disable(client.id);
      expect((await client.request({ url: '/api/admin/me' })).statusCode).toBe(401);
      expect(
        (await staffLogin(app, staffBrowser(app, client), { code: await totpCode(app, client.secret, 1) })).statusCode,
      ).toBe(401);
      expect((await audit(`staff:${client.id}`))[0]).toMatchObject({
        action: 'staff.login_failed',
        after: { why: 'disabled' },
      });
    });

    it('ends an idle staff session after 30 minutes', async () => {
      const client = await signedInStaff(app, 'support');
      const realNow = app.clock.now;
      try {
        const base = realNow().getTime() + 31 * 60 * 1000;
        app.clock.now = () => new Date(base);
        expect((await client.request({ url: '/api/admin/me' })).statusCode).toBe(401);
      } finally {
        app.clock.now = realNow;
      }
    });

    it('limits login attempts per e-mail address', async () => {
      const account = await createStaff(app, 'support');
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= STAFF_LOGIN_LIMITS.perEmail.max * app.rateLimitFactor; attempt += 1) {
        statuses.push((await staffLogin(app, staffBrowser(app, account), { password: 'wrong password' })).statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    });
  });

  describe('members', () => {
    it('finds a member by e-mail, name and id, shows the page, and adjusts credits through the ledger', async () => {
      const target = await createMember(app);
      const byEmail = (
        await staff.support.request({ url: `/api/admin/members?q=${encodeURIComponent(target.email)}` })
      ).json();
      expect(byEmail.members.map((item: { id: number }) => item.id)).toEqual([target.user.id]);
      const byName = (await staff.support.request({ url: `/api/admin/members?q=${target.name}` })).json();
      expect(byName.members.map((item: { id: number }) => item.id)).toContain(target.user.id);
      const byId = (await staff.support.request({ url: `/api/admin/members?q=%23${target.user.id}` })).json();
      expect(byId.members[0].id).toBe(target.user.id);
      const page = (await staff.support.request({ url: `/api/admin/members/${target.user.id}` })).json();
      expect(page.member).toMatchObject({ email: target.email, restriction: null });
      expect(page.member.sessions.length).toBeGreaterThan(0);

      const before = page.member.balance as number;
      const adjusted = await staff.admin.request({
        method: 'POST',
        url: `/api/admin/members/${target.user.id}/credits`,
        payload: { amount: 15, note: 'goodwill for a bug' },
      });
      expect(adjusted.json()).toEqual({ balance: before + 15 });
      const ledger = (await staff.support.request({ url: `/api/admin/members/${target.user.id}/ledger` })).json();
      expect(ledger.entries[0]).toMatchObject({ amount: 15, reason: 'staff_adjustment' });
      expect(
        (
          await staff.admin.request({
            method: 'POST',
            url: `/api/admin/members/${target.user.id}/credits`,
            payload: { amount: -(before + 1000), note: 'too much' },
          })
        ).statusCode,
      ).toBe(409);
      expect((await target.client.request({ url: '/api/user.php' })).json().user.credits).toBe(before + 15);
    });

    it('bans: every session ends at once, login answers 403 account_banned with the category; unban lets the member in again', async () => {
      const target = await createMember(app);
      const second = createClient(app);
      expect((await login(second, target.email, 'correct horse 1')).statusCode).toBe(200);
      expect((await target.client.request({ url: '/api/user.php' })).statusCode).toBe(200);
      // A tab the member has open hears the category at once, and goes to /pages/ban?reason= with it.
      const openTab = new FakeSocket();
      await app.realtime.accept(
        openTab as unknown as WebSocket,
        { userId: target.user.id, profileId: target.profileId, sessionId: 0 },
        () => undefined,
      );
      const banned = await staff.moderator.request({
        method: 'POST',
        url: `/api/admin/members/${target.user.id}/ban`,
        payload: { reason: 'scam_spam', note: 'asked for money' },
      });
      expect(banned.statusCode).toBe(200);
      expect(banned.json()).toMatchObject({
        restriction: { kind: 'banned', reason: 'scam_spam', until: null },
        sessions_revoked: 2,
      });
      await vi.waitFor(() => expect(openTab.closedWith).not.toBeNull());
      expect(openTab.sent.map((data) => JSON.parse(data))).toContainEqual({
        type: 'session_ended',
        ban_reason: 'scam_spam',
      });
      expect((await target.client.request({ url: '/api/user.php' })).statusCode).toBe(403);
      expect((await second.request({ url: '/api/user.php' })).statusCode).toBe(403);
      const refused = await login(createClient(app), target.email, 'correct horse 1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'account_banned', params: { reason: 'scam_spam' } });
      // Nor does a password reset (or any other way of signing in) give a banned member a session.
      expect(
        (
          await createClient(app).request({
            method: 'POST',
            url: '/api/reset-password.php',
            payload: { email: target.email },
          })
        ).statusCode,
      ).toBe(200);
      const token = await tokenFromMail(app, target.email, '/reset-password/do');
      const reset = await createClient(app).request({
        method: 'POST',
        url: '/api/reset-password-do.php',
        payload: { token, password: 'correct horse 1', password_confirmation: 'correct horse 1' },
      });
      expect(reset.statusCode).toBe(403);
      expect(reset.json().error).toMatchObject({ code: 'account_banned', params: { reason: 'scam_spam' } });
      expect(
        (
          await staff.moderator.request({
            method: 'POST',
            url: `/api/admin/members/${target.user.id}/ban`,
            payload: { reason: 'scam_spam' },
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await staff.moderator.request({
            method: 'POST',
            url: `/api/admin/members/${target.user.id}/unban`,
            payload: { note: 'appeal accepted' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await login(createClient(app), target.email, 'correct horse 1')).statusCode).toBe(200);
      expect((await audit(`user:${target.user.id}`)).map((entry) => entry.action)).toEqual([
        'member.unban',
        'member.ban',
      ]);
    });

    it('suspends until a date (login refused with the date) and forces a logout', async () => {
      const target = await createMember(app);
      const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
      expect(
        (
          await staff.moderator.request({
            method: 'POST',
            url: `/api/admin/members/${target.user.id}/suspend`,
            payload: { reason: 'harassment', until },
          })
        ).statusCode,
      ).toBe(200);
      const refused = await login(createClient(app), target.email, 'correct horse 1');
      expect(refused.json().error).toMatchObject({ code: 'account_banned', params: { reason: 'harassment', until } });
      const past = new Date(Date.now() - 1000).toISOString();
      expect(
        (
          await staff.moderator.request({
            method: 'POST',
            url: `/api/admin/members/${target.user.id}/suspend`,
            payload: { reason: 'harassment', until: past },
          })
        ).statusCode,
      ).toBe(400);

      const other = await createMember(app);
      const logout = await staff.support.request({ method: 'POST', url: `/api/admin/members/${other.user.id}/logout` });
      expect(logout.json()).toEqual({ sessions_revoked: 1 });
      expect((await other.client.request({ url: '/api/user.php' })).statusCode).toBe(403);
    });
  });

  describe('moderation', () => {
    it('rejects a photo: it is removed and the member is told in their language; approval takes it off the new queue', async () => {
      const target = await createMember(app);
      await target.client.request({ method: 'PUT', url: '/api/user.php', payload: { language: 'de' } });
      expect((await uploadPhoto(target.client)).statusCode).toBe(201);
      expect((await uploadPhoto(target.client)).statusCode).toBe(201);
      const mine = await app.db.select().from(photos).where(eq(photos.profileId, target.profileId));
      const queue = (await staff.moderator.request({ url: '/api/admin/photos?queue=new' })).json();
      expect(queue.photos.map((photo: { id: number }) => photo.id)).toEqual(
        expect.arrayContaining(mine.map((photo) => photo.id)),
      );

      const approved = await staff.moderator.request({
        method: 'POST',
        url: `/api/admin/photos/${mine[0]!.id}/approve`,
      });
      expect(approved.json().photo).toMatchObject({ id: mine[0]!.id, review: 'approved' });
      expect(
        (await staff.moderator.request({ method: 'POST', url: `/api/admin/photos/${mine[0]!.id}/approve` })).statusCode,
      ).toBe(409);
      const after = (await staff.moderator.request({ url: '/api/admin/photos?queue=new&limit=100' })).json();
      expect(after.photos.map((photo: { id: number }) => photo.id)).not.toContain(mine[0]!.id);

      // Every photo's file opens for staff, private ones through the console's route.
      await app.db.update(photos).set({ isPrivate: true }).where(eq(photos.id, mine[1]!.id));
      const privateOne = (await staff.moderator.request({ url: `/api/admin/members/${target.user.id}/photos` }))
        .json()
        .photos.find((photo: { id: number }) => photo.id === mine[1]!.id);
      expect(privateOne.url).toBe(`/api/admin/photos/${mine[1]!.id}/file`);
      const file = await staff.moderator.request({ url: privateOne.thumb_url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
      expect((await staff.support.request({ url: privateOne.url })).statusCode).toBe(403);

      const rejected = await staff.moderator.request({
        method: 'POST',
        url: `/api/admin/photos/${mine[1]!.id}/reject`,
        payload: { reason: 'contact_details' },
      });
      expect(rejected.statusCode).toBe(200);
      expect(await app.db.select().from(photos).where(eq(photos.id, mine[1]!.id))).toEqual([]);
      const mail = (await mailsTo(app, target.email)).find((item) => item.template === 'moderation.photoRejected');
      expect(mail?.subject).toMatch(/Foto/);
      expect(mail?.text).toContain('Kontaktdaten');
      expect((await audit(`photo:${mine[1]!.id}`))[0]).toMatchObject({
        action: 'photo.reject',
        after: { reason: 'contact_details' },
      });
    });

    it('shows a report with the content and the history between the two, and handles it once (action with a ban)', async () => {
      const reporter = await createMember(app);
      const reported = await createMember(app);
      const [account] = await app.db.select({ siteId: users.siteId }).from(users).where(eq(users.id, reporter.user.id));
      const [report] = await app.db
        .insert(reports)
        .values({
          siteId: account!.siteId,
          reporterProfileId: reporter.profileId,
          reportedProfileId: reported.profileId,
          target: 'profile',
          reason: 'harassment',
          remarks: 'rude',
        })
        .returning();
      const queue = (await staff.moderator.request({ url: '/api/admin/reports?limit=100' })).json();
      expect(queue.reports.map((item: { id: number }) => item.id)).toContain(report!.id);
      const detail = (await staff.moderator.request({ url: `/api/admin/reports/${report!.id}` })).json();
      expect(detail.report).toMatchObject({
        reason: 'harassment',
        remarks: 'rude',
        content: { profile: { name: reported.name } },
        history: { messages: [], likes: [], blocks: [] },
      });
      const handled = await staff.moderator.request({
        method: 'POST',
        url: `/api/admin/reports/${report!.id}/action`,
        payload: { resolution: 'warned and banned', ban: { reason: 'harassment' } },
      });
      expect(handled.json().report).toMatchObject({
        status: 'actioned',
        handled_by_staff_id: staff.moderator.id,
        resolution: 'warned and banned',
      });
      expect(
        (
          await staff.moderator.request({
            method: 'POST',
            url: `/api/admin/reports/${report!.id}/dismiss`,
            payload: { resolution: 'again' },
          })
        ).statusCode,
      ).toBe(409);
      expect((await login(createClient(app), reported.email, 'correct horse 1')).json().error.code).toBe(
        'account_banned',
      );
    });

    it('shows staff the photo of a reported photo message, in the content and in the history', async () => {
      const reporter = await createMember(app);
      const reported = await createMember(app);
      await makePremium(app, reported);
      const body = multipartBody(
        { data: await makeJpeg(320, 240) },
        { to: String(reporter.profileId), client_id: randomUUID() },
      );
      const sent = await reported.client.request({
        method: 'POST',
        url: '/api/message-photo.php',
        payload: body.payload,
        headers: body.headers,
      });
      expect(sent.statusCode).toBe(200);
      const messageId = sent.json().message.id as number;
      const [account] = await app.db.select({ siteId: users.siteId }).from(users).where(eq(users.id, reporter.user.id));
      const [report] = await app.db
        .insert(reports)
        .values({
          siteId: account!.siteId,
          reporterProfileId: reporter.profileId,
          reportedProfileId: reported.profileId,
          target: 'message',
          messageId,
          reason: 'inappropriate_photo',
        })
        .returning();
      const detail = (await staff.moderator.request({ url: `/api/admin/reports/${report!.id}` })).json().report;
      expect(detail.content).toMatchObject({
        message_text: null,
        message_photo_url: `/api/admin/messages/${messageId}/photo`,
      });
      expect(detail.history.messages).toEqual([
        expect.objectContaining({
          id: messageId,
          text: '',
          photo_url: `/api/admin/messages/${messageId}/photo?size=thumb`,
        }),
      ]);
      for (const url of [detail.content.message_photo_url, detail.history.messages[0].photo_url]) {
        const file = await staff.moderator.request({ url });
        expect(file.statusCode, url).toBe(200);
        expect(file.headers['content-type']).toBe('image/jpeg');
        expect(file.headers['cache-control']).toBe('private, max-age=300');
        // Members never reach it.
        expect((await reporter.client.request({ url })).statusCode).not.toBe(200);
      }
      expect((await staff.moderator.request({ url: '/api/admin/messages/99999999/photo' })).statusCode).toBe(404);
    });
  });

  describe('tickets', () => {
    it('replies to a ticket by mail in its language (stored), then closes it', async () => {
      const [site] = await app.db.select().from(sites).where(eq(sites.isDefault, true));
      const email = `visitor.${Date.now()}@example.com`;
      const [ticket] = await app.db
        .insert(tickets)
        .values({
          siteId: site!.id,
          kind: 'contact',
          email,
          language: 'nl',
          subject: 'Vraag over credits',
          body: 'Hoe werken de credits precies op deze site?',
        })
        .returning();
      const listed = (await staff.support.request({ url: '/api/admin/tickets?limit=100' })).json();
      expect(listed.tickets.map((item: { id: number }) => item.id)).toContain(ticket!.id);
      const replied = await staff.support.request({
        method: 'POST',
        url: `/api/admin/tickets/${ticket!.id}/reply`,
        payload: { body: 'Elk bericht kost credits.' },
      });
      expect(replied.json()).toMatchObject({
        ticket: { status: 'answered' },
        replies: [{ body: 'Elk bericht kost credits.', staff_id: staff.support.id }],
      });
      const mail = (await mailsTo(app, email)).find((item) => item.template === 'moderation.ticketReply');
      expect(mail?.subject).toBe(`Re: Vraag over credits (#${ticket!.id})`);
      expect(mail?.text).toContain('Onze klantenservice');
      expect(mail?.text).toContain('Elk bericht kost credits.');
      expect(
        (await staff.support.request({ method: 'POST', url: `/api/admin/tickets/${ticket!.id}/close` })).json().ticket
          .status,
      ).toBe('closed');
      expect(
        (
          await staff.support.request({
            method: 'POST',
            url: `/api/admin/tickets/${ticket!.id}/reply`,
            payload: { body: 'again' },
          })
        ).statusCode,
      ).toBe(409);
    });
  });

  describe('payments and sites', () => {
    it('refunds an order through the payments service (ledger and provider)', async () => {
      const buyer = await createMember(app);
      await app.db
        .update(users)
        .set({ createdAt: sql`now() - interval '5 hours'` })
        .where(eq(users.id, buyer.user.id));
      await app.memberEvents.changed(buyer.user.id);
      const page = (await buyer.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
      const created = await buyer.client.request({
        method: 'POST',
        url: '/api/order.php',
        payload: { bundle_id: page.bundles[0]!.id, method: 'ideal', country: 'NL' },
      });
      const { order, checkout_url: checkoutUrl } = created.json<{ order: Order; checkout_url: string }>();
      const id = new URL(checkoutUrl, 'http://x').searchParams.get('id')!;
      await app.inject({ method: 'POST', url: '/api/sandbox-checkout.php', payload: { id, outcome: 'paid' } });
      const listed = (await staff.support.request({ url: `/api/admin/orders?user=${buyer.user.id}` })).json();
      expect(listed.orders[0]).toMatchObject({ id: order.id, status: 'paid', refund_preview: null });
      // The order's page says what a refund gives back now (the console's confirmation): every credit is unused ...
      const preview = async () =>
        (await staff.admin.request({ url: `/api/admin/orders/${order.id}` })).json().order.refund_preview;
      expect(await preview()).toEqual({ credits: order.credits, amount_minor: order.amount.amount });
      // ... until 10 of them are spent (a staff debit takes from the newest purchase first): that share of the price.
      const debit = await staff.admin.request({
        method: 'POST',
        url: `/api/admin/members/${buyer.user.id}/credits`,
        payload: { amount: -10, note: 'spent in a test' },
      });
      expect(debit.statusCode).toBe(200);
      const unused = order.credits - 10;
      const share = Math.floor((order.amount.amount * unused) / order.credits);
      expect(await preview()).toEqual({ credits: unused, amount_minor: share });
      const refunded = await staff.admin.request({ method: 'POST', url: `/api/admin/orders/${order.id}/refund` });
      expect(refunded.statusCode).toBe(200);
      // The refund is what the confirmation said; afterwards there is nothing left to preview.
      expect(refunded.json().order).toMatchObject({
        status: 'refunded',
        refunded_credits: unused,
        refunded_minor: share,
        refund_preview: null,
      });
      expect(await preview()).toBeNull();
      // The console's list says refunded, and filters on it.
      expect(
        (await staff.support.request({ url: `/api/admin/orders?user=${buyer.user.id}` })).json().orders[0],
      ).toMatchObject({ id: order.id, status: 'refunded' });
      expect(
        (await staff.support.request({ url: `/api/admin/orders?user=${buyer.user.id}&status=refunded` })).json().orders,
      ).toHaveLength(1);
      expect(
        (await staff.support.request({ url: `/api/admin/orders?user=${buyer.user.id}&status=paid` })).json().orders,
      ).toHaveLength(0);
      expect(refunded.json().order.provider_refund_id).toBeTruthy();
      expect(
        (await staff.admin.request({ method: 'POST', url: `/api/admin/orders/${order.id}/refund` })).statusCode,
      ).toBe(409);
      expect((await audit(`order:${order.id}`))[0]?.action).toBe('order.refund');
    });

    it('creates a site whose domain serves its own settings at once, and edits it', async () => {
      const [base] = await app.db.select().from(sites).where(eq(sites.isDefault, true));
      const domain = `new-${Date.now()}.example.com`;
      const settings = async () =>
        (await app.inject({ url: '/api/settings.php', headers: { host: domain } })).json().settings;
      // Asked before it exists: the default site answers (and the resolver caches that).
      expect((await settings()).name).toBe(base!.name);
      const input = { ...siteInputOf(base!), domain, name: 'Brand New' };
      const created = await staff.admin.request({ method: 'POST', url: '/api/admin/sites', payload: input });
      expect(created.statusCode, created.body).toBe(200);
      expect((await settings()).name).toBe('Brand New');
      expect(
        (await staff.admin.request({ method: 'POST', url: '/api/admin/sites', payload: input })).json().error.code,
      ).toBe('site_domain_taken');
      expect(
        (
          await staff.admin.request({
            method: 'POST',
            url: '/api/admin/sites',
            payload: { ...input, domain: 'https://bad/' },
          })
        ).statusCode,
      ).toBe(400);
      const siteId = created.json().site.id;
      expect(
        (
          await staff.admin.request({
            method: 'PUT',
            url: `/api/admin/sites/${siteId}`,
            payload: { ...input, name: 'Renamed' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await settings()).name).toBe('Renamed');
      // SPEC section 3: logged_out_search is "none or other"; the console takes `other` and settings.php answers it.
      expect(
        (
          await staff.admin.request({
            method: 'PUT',
            url: `/api/admin/sites/${siteId}`,
            payload: {
              ...input,
              name: 'Renamed',
              logged_out_search: 'other',
              logged_out_search_trafficsource: 'other',
            },
          })
        ).statusCode,
      ).toBe(200);
      expect(await settings()).toMatchObject({ logged_out_search: 'other', logged_out_search_trafficsource: 'other' });
      // Operators write a site's language as de, de-DE or de_DE: it is stored as the language the app reads.
      const german = await staff.admin.request({
        method: 'PUT',
        url: `/api/admin/sites/${siteId}`,
        payload: { ...input, name: 'Renamed', domain_language: 'de_DE', languages: ['de-DE', 'en'] },
      });
      expect(german.statusCode, german.body).toBe(200);
      expect(await settings()).toMatchObject({ domain_language: 'de', languages: ['de', 'en'] });
      const bundle = await staff.admin.request({
        method: 'POST',
        url: `/api/admin/sites/${siteId}/bundles`,
        payload: { currency: 'EUR', credits: 100, price_minor: 1995 },
      });
      expect(bundle.json().bundle).toMatchObject({ site_id: siteId, credits: 100, is_active: true });
      const code = await staff.admin.request({
        method: 'POST',
        url: `/api/admin/sites/${siteId}/discount-codes`,
        payload: { code: 'spring25', value_percentage: 25 },
      });
      expect(code.json().discount_code).toMatchObject({ code: 'SPRING25', value_percentage: 25 });
      expect((await audit(`site:${siteId}`)).map((entry) => entry.action)).toEqual([
        'site.update',
        'site.update',
        'site.update',
        'site.create',
      ]);
    });
  });

  describe('dashboard', () => {
    it('counts the last 30 days per day: signups, activations, purchases with revenue, messages', async () => {
      const days = (await staff.support.request({ url: '/api/admin/dashboard' })).json().days as {
        day: string;
        signups: number;
        messages: number;
        revenue: Record<string, number>;
      }[];
      expect(days).toHaveLength(30);
      expect(days.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
      expect(days.at(-1)!.signups).toBeGreaterThan(0);
      // The refund test's purchase was paid today.
      expect(days.at(-1)!.revenue.EUR).toBeGreaterThan(0);
      const sender = await createMember(app);
      const receiver = await createMember(app);
      const before = days.at(-1)!.messages;
      const sent = await sender.client.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: receiver.profileId, client_id: randomUUID(), text: 'Hello there, nice profile!' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const after = (await staff.support.request({ url: '/api/admin/dashboard' })).json().days.at(-1).messages;
      expect(after).toBe(before + 1);
    });
  });

  describe('audit log', () => {
    it('is append-only: the database refuses UPDATE and DELETE', async () => {
      const [entry] = await app.db.select().from(staffAuditLog).limit(1);
      expect(entry).toBeDefined();
      await expect(
        app.db.update(staffAuditLog).set({ action: 'forged' }).where(eq(staffAuditLog.id, entry!.id)),
      ).rejects.toThrow();
      await expect(app.db.delete(staffAuditLog).where(eq(staffAuditLog.id, entry!.id))).rejects.toThrow();
      const [still] = await app.db.select().from(staffAuditLog).where(eq(staffAuditLog.id, entry!.id));
      expect(still).toEqual(entry);
    });
  });
});

describe.skipIf(!hasRedis)('two instances on one database and one Redis (runs when REDIS_URL is set)', () => {
  const instances = useTwoInstances();

  it('a ban on one instance ends the member session on the other within a second', async () => {
    const moderator = await signedInStaff(instances.first, 'moderator');
    const target = await createMember(instances.first);
    const onSecond = createClient(instances.second, target.client.ip);
    onSecond.cookie = target.client.cookie;
    const tabOnSecond = new FakeSocket();
    await instances.second.realtime.accept(
      tabOnSecond as unknown as WebSocket,
      { userId: target.user.id, profileId: target.profileId, sessionId: 0 },
      () => undefined,
    );
    // Read twice: the second instance now answers from its member view cache.
    expect((await onSecond.request({ url: '/api/user.php' })).statusCode).toBe(200);
    expect((await onSecond.request({ url: '/api/user.php' })).statusCode).toBe(200);
    expect(
      (
        await moderator.request({
          method: 'POST',
          url: `/api/admin/members/${target.user.id}/ban`,
          payload: { reason: 'fake_profile' },
        })
      ).statusCode,
    ).toBe(200);
    const elapsed = await within(
      async () => (await onSecond.request({ url: '/api/user.php' })).statusCode === 403,
      1000,
    );
    expect(elapsed).toBeLessThan(1000);
    // The member's tab connected to the second instance is told the category and closed, through Redis.
    await within(async () => tabOnSecond.closedWith !== null, 1000);
    expect(tabOnSecond.sent.map((data) => JSON.parse(data))).toContainEqual({
      type: 'session_ended',
      ban_reason: 'fake_profile',
    });
  });

  it('a site created on one instance is served by its domain on the other within a second', async () => {
    const admin = await signedInStaff(instances.first, 'admin');
    const [base] = await instances.first.db.select().from(sites).where(eq(sites.isDefault, true));
    const domain = `two-${Date.now()}.example.com`;
    const nameOnSecond = async () =>
      (await instances.second.inject({ url: '/api/settings.php', headers: { host: domain } })).json().settings
        .name as string;
    expect(await nameOnSecond()).toBe(base!.name);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/admin/sites',
          payload: { ...siteInputOf(base!), domain, name: 'Second Brand' },
        })
      ).statusCode,
    ).toBe(200);
    await within(async () => (await nameOnSecond()) === 'Second Brand', 1000);
  });
});
