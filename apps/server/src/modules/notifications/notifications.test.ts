import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { LOCALES } from '@app/i18n';
import {
  MAIL_EVENTS_SECRET_HEADER,
  notificationSettingsResponseSchema,
  type NotificationSettings,
} from '@app/contracts';
import { notificationSettings, profiles, users } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { NOTIFICATION_MAIL_KINDS, renderNotificationMail } from '../../plugins/mailer/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createClient, mailsTo } from '../../test-support/accounts.ts';
import { createMember, visitor, type TestMember } from '../../test-support/members.ts';
import { MESSAGE_MAIL_DELAY_MS, MESSAGE_MAIL_WINDOW_MS } from './mail-windows.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  controlClock,
  giveCredits,
  like,
  listen,
  notificationMails,
  openSocket,
  sendMessage,
  unsubscribeTokenOf,
} from '../../test-support/notifications.ts';

const MAIL_EVENTS_SECRET = 'test-mail-events-secret-0123456789';

const getSettings = async (member: TestMember) => {
  const response = await member.client.request({ url: '/api/notifications.php' });
  expect(response.statusCode).toBe(200);
  return notificationSettingsResponseSchema.parse(response.json()).settings;
};
const putSettings = (member: TestMember, payload: Record<string, unknown>) =>
  member.client.request({ method: 'PUT', url: '/api/notifications.php', payload });

describe('notification mail templates', () => {
  it('renders every kind in every locale as HTML and text, with the unsubscribe and settings links and no key left over', () => {
    for (const language of LOCALES) {
      for (const kind of NOTIFICATION_MAIL_KINDS) {
        for (const count of [1, 3, 25]) {
          const mail = renderNotificationMail({
            kind,
            t: getTranslator(language),
            language,
            siteName: 'Amoria',
            name: 'Anna',
            type: kind.startsWith('reminder') ? 'reminders' : kind === 'match' ? 'like' : kind,
            link: 'https://amoria.example/chats/7',
            unsubscribeUrl: 'https://amoria.example/api/unsubscribe.php?token=t',
            settingsUrl: 'https://amoria.example/notifications',
            params: { sender: 'Bob', name: 'Bob', count },
            weekly:
              kind === 'weekly_updates'
                ? { newMembers: count, newMemberNames: ['Eve', 'Kim'], likes: count }
                : undefined,
          });
          const all = `${mail.subject}${mail.text}${mail.html}`;
          expect(all, `${language} ${kind}`).not.toMatch(/{{|notifications:|mail:\w|mail\.\w+\.\w/);
          expect(mail.text).toContain('https://amoria.example/api/unsubscribe.php?token=t');
          expect(mail.text).toContain('https://amoria.example/notifications');
          expect(mail.html).toContain(`<html lang="${language}">`);
        }
      }
    }
  });
});

describe('notifications', () => {
  let app: TestApp;
  let host: string;
  let clock: ReturnType<typeof controlClock>;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ mailEventsSecret: MAIL_EVENTS_SECRET });
    host = await listen(app);
  });
  afterEach(() => {
    clock?.restore();
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => app.close());

  async function pair() {
    const alice = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    const bob = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    await giveCredits(app, alice);
    await giveCredits(app, bob);
    return { alice, bob };
  }

  describe('settings (notifications.php)', () => {
    it('answers the defaults: service types on, marketing off until consent, visible, mail flowing', async () => {
      const { alice } = await pair();
      const settings = await getSettings(alice);
      expect(settings).toEqual<NotificationSettings>({
        preferences: {
          new_conversations: { email: true, push: true },
          new_messages: { email: true, push: true },
          like: { email: true, push: true },
          unread_message_reminders: { email: true, push: false },
          promotions: { email: false, push: false },
          weekly_updates: { email: true, push: false },
          news: { email: false, push: false },
          reminders: { email: true, push: false },
        },
        invisible: false,
        show_in_ads: false,
        private_visits: false,
        notifications_disabled: [],
      });
      expect((await visitor(app).request({ url: '/api/notifications.php' })).statusCode).toBe(403);
    });

    it('saves any subset at once, ignores push for e-mail-only types, records marketing consent, and survives a reload', async () => {
      const { alice } = await pair();
      const response = await putSettings(alice, {
        preferences: {
          new_messages: { push: false },
          promotions: { email: true },
          weekly_updates: { email: false, push: true },
        },
      });
      expect(response.statusCode).toBe(200);
      const { settings } = notificationSettingsResponseSchema.parse(response.json());
      expect(settings.preferences).toMatchObject({
        new_messages: { email: true, push: false },
        promotions: { email: true, push: false },
        weekly_updates: { email: false, push: false },
      });
      expect((await getSettings(alice)).preferences).toEqual(settings.preferences);
      const [row] = await app.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, alice.user.id));
      expect(row?.marketingConsentAt).toBeInstanceOf(Date);
    });

    it('refuses unknown fields with a translated validation error, and a request without the client header (CSRF)', async () => {
      const { alice } = await pair();
      const invalid = await alice.client.request({
        method: 'PUT',
        url: '/api/notifications.php',
        payload: { preferences: { sms: { email: true } } },
        cookies: { lang: 'de' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error).toMatchObject({
        code: 'validation_failed',
        message: getTranslator('de')('errors:validation_failed'),
      });
      const forged = await app.inject({
        method: 'PUT',
        url: '/api/notifications.php',
        payload: { invisible: true },
        cookies: { sid: alice.client.cookie! },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('csrf_rejected');
    });

    it('turns invisible mode on: out of search, and the choice shows in the settings', async () => {
      const { alice, bob } = await pair();
      const response = await putSettings(alice, { invisible: true });
      expect(response.json().settings.invisible).toBe(true);
      const [profile] = await app.db
        .select({ isInvisible: profiles.isInvisible })
        .from(profiles)
        .where(eq(profiles.id, alice.profileId));
      expect(profile?.isInvisible).toBe(true);
      const search = await bob.client.request({ url: '/api/search.php?gender=female' });
      expect(search.statusCode).toBe(200);
      expect(search.json().results.map((card: { id: number }) => card.id)).not.toContain(alice.profileId);
    });

    describe('show in ads (profiles.show_in_ads)', () => {
      const storedShowInAds = async (member: TestMember) => {
        const [profile] = await app.db
          .select({ showInAds: profiles.showInAds, isInvisible: profiles.isInvisible })
          .from(profiles)
          .where(eq(profiles.id, member.profileId));
        return profile;
      };
      /** The `member.changed` events delivered for `member` from now on. */
      const memberChanges = (member: TestMember) => {
        const seen: number[] = [];
        const stop = app.outbox.onDelivery('member.changed', ({ userId }) => {
          if (userId === member.user.id) seen.push(userId);
        });
        return { seen, stop };
      };

      it('is off by default: answered false and stored false for a new member', async () => {
        const member = await createMember(app);
        expect((await getSettings(member)).show_in_ads).toBe(false);
        expect(await storedShowInAds(member)).toEqual({ showInAds: false, isInvisible: false });
      });

      it('turns on and off: stored on the profile, answered at once and after a reload, and announced as member.changed', async () => {
        const member = await createMember(app);
        const changes = memberChanges(member);
        try {
          const on = await putSettings(member, { show_in_ads: true });
          expect(on.statusCode).toBe(200);
          const onSettings = notificationSettingsResponseSchema.parse(on.json()).settings;
          expect(onSettings).toMatchObject({ show_in_ads: true, invisible: false });
          expect((await getSettings(member)).show_in_ads).toBe(true);
          expect(await storedShowInAds(member)).toEqual({ showInAds: true, isInvisible: false });
          await app.outbox.settled();
          expect(changes.seen).toHaveLength(1);

          const off = await putSettings(member, { show_in_ads: false });
          expect(off.statusCode).toBe(200);
          expect(off.json().settings.show_in_ads).toBe(false);
          expect((await getSettings(member)).show_in_ads).toBe(false);
          expect((await storedShowInAds(member))?.showInAds).toBe(false);
          await app.outbox.settled();
          expect(changes.seen).toHaveLength(2);

          // A change of something else leaves it as it is.
          await putSettings(member, { show_in_ads: true });
          const other = await putSettings(member, { invisible: true, preferences: { news: { email: true } } });
          expect(other.json().settings).toMatchObject({ show_in_ads: true, invisible: true });
          expect(await storedShowInAds(member)).toEqual({ showInAds: true, isInvisible: true });
        } finally {
          changes.stop();
        }
      });

      it('saves with other settings in one request, and refuses a value that is not a boolean', async () => {
        const member = await createMember(app);
        const both = await putSettings(member, { show_in_ads: true, preferences: { promotions: { email: true } } });
        expect(both.statusCode).toBe(200);
        expect(both.json().settings).toMatchObject({ show_in_ads: true, preferences: { promotions: { email: true } } });
        for (const value of ['yes', 1, null]) {
          const refused = await putSettings(member, { show_in_ads: value });
          expect(refused.statusCode, String(value)).toBe(400);
          expect(refused.json().error.code).toBe('validation_failed');
        }
        expect((await storedShowInAds(member))?.showInAds).toBe(true);
      });

      it("changes only the member's own profile: another member's stays as it is, and naming one is refused", async () => {
        const alice = await createMember(app);
        const bob = await createMember(app);
        expect((await putSettings(alice, { show_in_ads: true })).statusCode).toBe(200);
        expect((await storedShowInAds(bob))?.showInAds).toBe(false);
        expect((await getSettings(bob)).show_in_ads).toBe(false);

        // The body has no field naming a member: whoever is named, the request is refused and nothing changes.
        for (const payload of [
          { show_in_ads: true, user_id: bob.user.id },
          { show_in_ads: true, profile_id: bob.profileId },
          { show_in_ads: true, member_id: bob.profileId },
        ]) {
          const refused = await putSettings(alice, payload);
          expect(refused.statusCode).toBe(400);
          expect(refused.json().error.code).toBe('validation_failed');
        }
        // Bob turning his on and off leaves Alice's on.
        await putSettings(bob, { show_in_ads: true });
        await putSettings(bob, { show_in_ads: false });
        expect((await storedShowInAds(alice))?.showInAds).toBe(true);
        expect((await storedShowInAds(bob))?.showInAds).toBe(false);

        // Without a login nothing is read or changed (403), and without the client header neither (CSRF).
        const anonymous = await visitor(app).request({
          method: 'PUT',
          url: '/api/notifications.php',
          payload: { show_in_ads: true },
        });
        expect(anonymous.statusCode).toBe(403);
        const forged = await app.inject({
          method: 'PUT',
          url: '/api/notifications.php',
          payload: { show_in_ads: true },
          cookies: { sid: bob.client.cookie! },
        });
        expect(forged.statusCode).toBe(403);
        expect((await storedShowInAds(bob))?.showInAds).toBe(false);
      });
    });

    it('resume_mail clears the reasons mail was stopped', async () => {
      const { alice } = await pair();
      await app.db
        .update(users)
        .set({ notificationsDisabled: ['bounce'] })
        .where(eq(users.id, alice.user.id));
      await app.memberEvents.changed(alice.user.id);
      expect((await getSettings(alice)).notifications_disabled).toEqual(['bounce']);
      const response = await putSettings(alice, { resume_mail: true });
      expect(response.json().settings.notifications_disabled).toEqual([]);
      expect((await alice.client.request({ url: '/api/user.php' })).json().user.notifications_disabled).toEqual([]);
    });
  });

  describe('new-message mails', () => {
    it('mails the first message of a new conversation after the delay, then gathers the next messages into one mail per window', async () => {
      const { alice, bob } = await pair();
      clock = controlClock(app);
      const { conversationId } = await sendMessage(alice.client, bob.profileId);
      await clock.advance(MESSAGE_MAIL_DELAY_MS - MINUTE);
      expect(await notificationMails(app, bob.email)).toEqual([]);
      await clock.advance(MINUTE);
      const [first] = await notificationMails(app, bob.email);
      expect(first).toMatchObject({
        template: 'notifications.new_conversations',
        subject: `${alice.name} sent you a message`,
      });
      expect(first!.links).toContain(`http://localhost:3000/chats/${conversationId}`);
      expect(first!.links).toContain('http://localhost:3000/notifications');
      expect(first!.headers).toMatchObject({
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/unsubscribe\.php\?token=/),
      });
      expect(first!.text).not.toContain('Hello there'); // discreet: no message content in mails

      await clock.advance(MINUTE);
      await sendMessage(alice.client, bob.profileId, 'second');
      await sendMessage(alice.client, bob.profileId, 'third');
      await clock.advance(MESSAGE_MAIL_DELAY_MS + MINUTE);
      expect(await notificationMails(app, bob.email)).toHaveLength(1); // still inside the window of the first mail
      await clock.advance(MESSAGE_MAIL_WINDOW_MS);
      const mails = await notificationMails(app, bob.email);
      expect(mails).toHaveLength(2);
      expect(mails[0]).toMatchObject({
        template: 'notifications.new_messages',
        subject: `2 new messages from ${alice.name}`,
      });
      await clock.advance(DAY / 2);
      expect(await notificationMails(app, bob.email)).toHaveLength(2);
    });

    it('sends nothing when the message was read before the delay', async () => {
      const { alice, bob } = await pair();
      clock = controlClock(app);
      const { conversationId } = await sendMessage(alice.client, bob.profileId);
      await bob.client.request({ url: `/api/chat.php?conversation=${conversationId}` });
      await clock.advance(MESSAGE_MAIL_WINDOW_MS * 2);
      expect(await notificationMails(app, bob.email)).toEqual([]);
    });

    it('sends nothing while the member has the site open in a live socket', async () => {
      const { alice, bob } = await pair();
      sockets.push((await openSocket(host, bob)).socket);
      clock = controlClock(app);
      await sendMessage(alice.client, bob.profileId);
      await clock.advance(MESSAGE_MAIL_WINDOW_MS * 2);
      expect(await notificationMails(app, bob.email)).toEqual([]);
    });

    it('respects the switch per type: new conversations off, new messages on', async () => {
      const { alice, bob } = await pair();
      await putSettings(bob, { preferences: { new_conversations: { email: false } } });
      clock = controlClock(app);
      await sendMessage(alice.client, bob.profileId);
      await clock.advance(MESSAGE_MAIL_WINDOW_MS);
      expect(await notificationMails(app, bob.email)).toEqual([]);
      await sendMessage(alice.client, bob.profileId, 'again');
      await clock.advance(MESSAGE_MAIL_WINDOW_MS);
      expect((await notificationMails(app, bob.email)).map((mail) => mail.template)).toEqual([
        'notifications.new_messages',
      ]);
    });

    it('reminds once of messages left unread for a day, and not again without new ones', async () => {
      const { alice, bob } = await pair();
      await putSettings(bob, { preferences: { new_conversations: { email: false }, new_messages: { email: false } } });
      clock = controlClock(app);
      await sendMessage(alice.client, bob.profileId);
      await clock.advance(DAY - HOUR);
      expect(await notificationMails(app, bob.email)).toEqual([]);
      await clock.advance(HOUR);
      const [reminder] = await notificationMails(app, bob.email);
      expect(reminder).toMatchObject({
        template: 'notifications.unread_message_reminders',
        subject: 'You have an unread message',
      });
      await clock.advance(3 * DAY);
      expect(await notificationMails(app, bob.email)).toHaveLength(1);
      await putSettings(bob, { preferences: { unread_message_reminders: { email: false } } });
      await sendMessage(alice.client, bob.profileId, 'anyone?');
      await clock.advance(2 * DAY);
      expect(await notificationMails(app, bob.email)).toHaveLength(1);
    });
    it('counts in the reminder what chats.php counts: no conversation with a member blocked either way', async () => {
      const { alice, bob } = await pair();
      const carol = await createMember(app, { gender: 'female', sexuality: 'hetero' });
      const dave = await createMember(app, { gender: 'female', sexuality: 'hetero' });
      await giveCredits(app, carol);
      await giveCredits(app, dave);
      await putSettings(bob, { preferences: { new_conversations: { email: false }, new_messages: { email: false } } });
      clock = controlClock(app);
      for (const sender of [alice, carol, dave]) await sendMessage(sender.client, bob.profileId);
      // Bob blocks Carol, and Dave blocks Bob: of the three unread messages, Alice's is the one left to remind of.
      expect(
        (await bob.client.request({ method: 'POST', url: '/api/block.php', payload: { id: carol.profileId } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await dave.client.request({ method: 'POST', url: '/api/block.php', payload: { id: bob.profileId } }))
          .statusCode,
      ).toBe(200);
      await clock.advance(DAY);
      const mails = await notificationMails(app, bob.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['You have an unread message']);
    });
  });

  describe('like and match mails', () => {
    it('gathers likes into one mail, announces a match, and never an invisible member', async () => {
      const { alice, bob } = await pair();
      const carol = await createMember(app, { gender: 'male', sexuality: 'hetero' });
      await putSettings(carol, { invisible: true });
      clock = controlClock(app);
      await like(carol.client, alice.profileId);
      await clock.advance(HOUR);
      expect(await notificationMails(app, alice.email)).toEqual([]); // the invisible liker is not announced

      await like(bob.client, alice.profileId);
      await clock.advance(10 * MINUTE);
      const [likeMail] = await notificationMails(app, alice.email);
      expect(likeMail).toMatchObject({ template: 'notifications.like', subject: `${bob.name} likes you` });
      expect(likeMail!.links).toContain(`http://localhost:3000/members/${bob.profileId}`);

      const result = await like(alice.client, bob.profileId);
      expect(result.is_match).toBe(true);
      await clock.advance(MINUTE);
      const [match] = await notificationMails(app, bob.email);
      expect(match).toMatchObject({ template: 'notifications.match', subject: `It's a match with ${alice.name}!` });
      expect(match!.links).toContain(`http://localhost:3000/members/${alice.profileId}/chat`);
    });

    it('sends no like mail when likes are switched off', async () => {
      const { alice, bob } = await pair();
      await putSettings(alice, { preferences: { like: { email: false } } });
      clock = controlClock(app);
      await like(bob.client, alice.profileId);
      await clock.advance(2 * HOUR);
      expect(await notificationMails(app, alice.email)).toEqual([]);
    });
  });

  describe('weekly update, reminders and marketing', () => {
    it('sends the weekly update once a week with new members and likes, and one click turns it off', async () => {
      const { alice, bob } = await pair();
      clock = controlClock(app);
      await like(bob.client, alice.profileId);
      await putSettings(bob, { preferences: { weekly_updates: { email: false } } });
      await app.services.notifications.startWeekly('2030-01-07');
      await clock.advance(0);
      const weekly = (await notificationMails(app, alice.email)).filter(
        (mail) => mail.template === 'notifications.weekly_updates',
      );
      expect(weekly).toHaveLength(1);
      expect(weekly[0]!.text).toMatch(/new members? joined/);
      expect(weekly[0]!.text).toContain('1 member liked you.');
      expect(
        (await notificationMails(app, bob.email)).filter((mail) => mail.template === 'notifications.weekly_updates'),
      ).toEqual([]);

      // Run again (a late or repeated period): nobody gets a second one within the week.
      await app.services.notifications.startWeekly('2030-01-08');
      await clock.advance(0);
      expect(
        (await notificationMails(app, alice.email)).filter((mail) => mail.template === 'notifications.weekly_updates'),
      ).toHaveLength(1);

      const unsubscribed = await app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${unsubscribeTokenOf(weekly[0]!)}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(unsubscribed.statusCode).toBe(200);
      expect((await getSettings(alice)).preferences.weekly_updates.email).toBe(false);
    });

    it('reminds an unconfirmed member a day and a week after signup, never a third time', async () => {
      const member = await createMember(app, { isActive: false });
      await app.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - DAY - HOUR) })
        .where(eq(users.id, member.user.id));
      clock = controlClock(app);
      await app.services.notifications.runReminders();
      await app.services.notifications.runReminders();
      const first = await notificationMails(app, member.email);
      expect(first.map((mail) => mail.template)).toEqual(['notifications.reminder_confirm']);
      await clock.advance(6 * DAY);
      await app.services.notifications.runReminders();
      expect(await notificationMails(app, member.email)).toHaveLength(2);
      await clock.advance(DAY / 2);
      await app.services.notifications.runReminders();
      expect(await notificationMails(app, member.email)).toHaveLength(2);
    });

    it('sends promotions and news only to members who consented, once per campaign', async () => {
      const { alice, bob } = await pair();
      await putSettings(alice, { preferences: { promotions: { email: true } } });
      await app.services.notifications.startCampaign({
        siteId: (await app.sites.resolve('')).id,
        type: 'promotions',
        campaign: 'spring',
      });
      await app.jobs.runDueJobs();
      await app.services.notifications.startCampaign({
        siteId: (await app.sites.resolve('')).id,
        type: 'promotions',
        campaign: 'spring',
      });
      await app.jobs.runDueJobs();
      expect((await notificationMails(app, alice.email)).map((mail) => mail.template)).toEqual([
        'notifications.promotions',
      ]);
      expect(await notificationMails(app, bob.email)).toEqual([]);
      await app.services.notifications.startCampaign({
        siteId: (await app.sites.resolve('')).id,
        type: 'news',
        campaign: 'n1',
      });
      await app.jobs.runDueJobs();
      expect(await notificationMails(app, alice.email)).toHaveLength(1); // news: no consent given
    });
  });

  describe('one-click unsubscribe', () => {
    async function mailedPair() {
      const { alice, bob } = await pair();
      clock = controlClock(app);
      await sendMessage(alice.client, bob.profileId);
      await clock.advance(MESSAGE_MAIL_DELAY_MS);
      const [mail] = await notificationMails(app, bob.email);
      return { alice, bob, token: unsubscribeTokenOf(mail!) };
    }

    it('shows a confirmation page on GET (changing nothing) and unsubscribes from that type on POST, without a login or client header', async () => {
      const { bob, token } = await mailedPair();
      const page = await app.inject({ url: `/api/unsubscribe.php?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Do you no longer want to receive e-mails about “New conversations”');
      expect(page.body).toContain('method="post"');
      expect(page.body).toContain('http://localhost:3000/notifications');
      expect((await getSettings(bob)).preferences.new_conversations.email).toBe(true);

      const done = await app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${token}`,
        payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('You will no longer receive e-mails about “New conversations”');
      const settings = await getSettings(bob);
      expect(settings.preferences.new_conversations.email).toBe(false);
      expect(settings.preferences.new_messages.email).toBe(true);
    });

    it('refuses a forged or altered token and an expired one', async () => {
      const { bob, token } = await mailedPair();
      const [userId, type, expires, signature] = token.split('.');
      const forged = [
        `${userId}.new_messages.${expires}.${signature}`,
        `${Number(userId) + 1}.${type}.${expires}.${signature}`,
        `${userId}.${type}.${Number(expires) + 1000}.${signature}`,
        `${userId}.${type}.${expires}.${'A'.repeat(43)}`,
        'garbage',
      ];
      for (const bad of forged) {
        const response = await app.inject({
          method: 'POST',
          url: `/api/unsubscribe.php?token=${encodeURIComponent(bad)}`,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(response.statusCode, bad).toBe(400);
        expect(response.body).toContain('invalid or has expired');
      }
      clock.set(new Date(clock.now().getTime() + 91 * DAY));
      const expired = await app.inject({
        method: 'POST',
        url: `/api/unsubscribe.php?token=${token}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(expired.statusCode).toBe(400);
      clock.restore(); // the session would have expired too
      expect((await getSettings(bob)).preferences).toMatchObject({
        new_conversations: { email: true },
        new_messages: { email: true },
      });
    });
  });

  describe('bounce and complaint intake (mail-events.php)', () => {
    const report = (payload: Record<string, unknown>, secret?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/mail-events.php',
        payload,
        headers: secret ? { [MAIL_EVENTS_SECRET_HEADER]: secret } : {},
      });

    it('refuses a call without the shared secret or with a wrong one', async () => {
      const { bob } = await pair();
      expect((await report({ type: 'bounce', email: bob.email })).statusCode).toBe(403);
      expect((await report({ type: 'bounce', email: bob.email }, 'wrong-secret-0123456789')).statusCode).toBe(403);
      expect((await getSettings(bob)).notifications_disabled).toEqual([]);
    });

    it('records bounce, complaint and unsubscribe reasons, stops all notification mail, and lets account mails through', async () => {
      const { alice, bob } = await pair();
      const bounced = await report({ type: 'bounce', email: bob.email.toUpperCase() }, MAIL_EVENTS_SECRET);
      expect(bounced.json()).toEqual({ accounts: 1 });
      await report({ type: 'complaint', email: bob.email }, MAIL_EVENTS_SECRET);
      await report({ type: 'complaint', email: bob.email }, MAIL_EVENTS_SECRET);
      await report({ type: 'unsubscribe', email: alice.email, site_domain: 'unknown.example' }, MAIL_EVENTS_SECRET);
      expect((await getSettings(bob)).notifications_disabled).toEqual(['bounce', 'spam']);
      expect((await getSettings(alice)).notifications_disabled).toEqual([]);
      expect((await bob.client.request({ url: '/api/user.php' })).json().user.notifications_disabled).toEqual([
        'bounce',
        'spam',
      ]);

      clock = controlClock(app);
      await sendMessage(alice.client, bob.profileId);
      await like(alice.client, bob.profileId);
      await clock.advance(2 * DAY);
      expect(await notificationMails(app, bob.email)).toEqual([]);
      // A password reset is an account mail: it still goes.
      await createClient(app).request({
        method: 'POST',
        url: '/api/reset-password.php',
        payload: { email: bob.email },
      });
      expect((await mailsTo(app, bob.email)).map((mail) => mail.template)).toContain('passwordReset');

      await report({ type: 'unsubscribe', email: alice.email }, MAIL_EVENTS_SECRET);
      expect((await getSettings(alice)).notifications_disabled).toEqual(['unsubscribed']);
    });
  });
});
