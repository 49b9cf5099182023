// A ban or suspension from the staff console takes effect at once wherever other members meet the member: search, the
// swipe game, the match finder, likes and matches (their cached poll answers too), his page, the chat (no send, no
// charge, the conversation says he is gone) and notifications; on the instance that banned and on another (docs/bans.md).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type {
  ChatResponse,
  ChatsResponse,
  LikesResponse,
  MatchFinderResponse,
  SearchResponse,
  SwipeResponse,
} from '@app/contracts';
import { memberRestrictions, users } from '../../db/schema/index.ts';
import { FakeSocket } from '../../test-support/fake-socket.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hasRedis, useTwoInstances, within } from '../../test-support/two-instances.ts';
import { createClient, signUp, tokenFromMail, type Client } from '../../test-support/accounts.ts';
import { getBalance } from '../credits/index.ts';
import { DAY, controlClock, giveCredits, notificationMails, sendMessage } from '../../test-support/notifications.ts';
import { birthDateForAge, createMember, uploadPhoto, type TestMember } from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';

/** Members of one country per test, so other tests' members never show in the lists read. */
const COUNTRIES = ['IE', 'NZ', 'AU', 'CA', 'AT', 'CH', 'BE'];
let countryIndex = 0;

async function cast(app: TestApp) {
  const country = COUNTRIES[countryIndex++ % COUNTRIES.length]!;
  const woman = { gender: 'female' as const, sexuality: 'hetero' as const, country, dateOfBirth: birthDateForAge(30) };
  const bob = await createMember(app, {
    gender: 'male',
    sexuality: 'hetero',
    country,
    dateOfBirth: birthDateForAge(31),
  });
  const alice = await createMember(app, woman);
  const carol = await createMember(app, woman);
  for (const member of [bob, alice, carol]) {
    expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    await giveCredits(app, member);
  }
  return { country, bob, alice, carol };
}

const json = async <T>(client: Client, url: string): Promise<T> => {
  const response = await client.request({ url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
};
const ids = (cards: { id: number }[]) => cards.map((card) => card.id);

/** Everything a member may see of `target` (card lists by profile id). */
async function sightings(viewer: TestMember, target: TestMember, country: string) {
  const [search, swipe, finder] = await Promise.all([
    json<SearchResponse>(viewer.client, `/api/search.php?country=${country}&gender=male`),
    json<SwipeResponse>(viewer.client, '/api/swipe.php'),
    json<MatchFinderResponse>(viewer.client, '/api/match-finder.php'),
  ]);
  return {
    search: ids(search.results).includes(target.profileId),
    swipe: ids(swipe.profiles).includes(target.profileId),
    finder: ids(finder.profiles).includes(target.profileId),
  };
}

const ban = (staff: StaffClient, member: { user: { id: number } }, reason = 'scam_spam') =>
  staff.request({ method: 'POST', url: `/api/admin/members/${member.user.id}/ban`, payload: { reason, note: 'test' } });

/** A conditional GET as the browser makes it: the answer and its tag. */
async function poll(client: Client, url: string, etag?: string) {
  const response = await client.request({ url, headers: etag ? { 'if-none-match': etag } : {} });
  return { status: response.statusCode, etag: String(response.headers.etag ?? ''), body: response.body };
}

describe('a ban from the staff console', () => {
  let app: TestApp;
  let moderator: StaffClient;
  let clock: ReturnType<typeof controlClock> | undefined;
  beforeAll(async () => {
    app = await buildTestApp();
    moderator = await signedInStaff(app, 'moderator');
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });
  afterAll(() => app.close());

  it('takes him out of search, the swipe game and the match finder at once; an unban brings him back', async () => {
    const { country, bob, carol } = await cast(app);
    expect(await sightings(carol, bob, country)).toEqual({ search: true, swipe: true, finder: true });
    expect((await ban(moderator, bob)).statusCode).toBe(200);
    expect(await sightings(carol, bob, country)).toEqual({ search: false, swipe: false, finder: false });
    expect(
      (await moderator.request({ method: 'POST', url: `/api/admin/members/${bob.user.id}/unban`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect(await sightings(carol, bob, country)).toEqual({ search: true, swipe: true, finder: true });
  });

  it('answers his page as a deleted profile is answered, and refuses a like', async () => {
    const { bob, carol } = await cast(app);
    expect((await carol.client.request({ url: `/api/member.php?id=${bob.profileId}` })).statusCode).toBe(200);
    expect((await ban(moderator, bob)).statusCode).toBe(200);
    const page = await carol.client.request({ url: `/api/member.php?id=${bob.profileId}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().error).toMatchObject({ code: 'profile_not_found' });
    const liked = await carol.client.request({ method: 'POST', url: '/api/like.php', payload: { id: bob.profileId } });
    expect(liked.statusCode).toBe(404);
  });

  it('takes him out of likes both ways and matches, and a cached likes.php poll answers in full at once', async () => {
    const { bob, alice } = await cast(app);
    await alice.client.request({ method: 'POST', url: '/api/like.php', payload: { id: bob.profileId } });
    await bob.client.request({ method: 'POST', url: '/api/like.php', payload: { id: alice.profileId } });
    const before = await poll(alice.client, '/api/likes.php');
    const overview = JSON.parse(before.body) as LikesResponse;
    expect(ids(overview.profiles)).toContain(bob.profileId);
    expect(overview.liked_by.map((entry) => entry.id)).toContain(bob.profileId);
    expect((await poll(alice.client, '/api/likes.php', before.etag)).status).toBe(304);

    expect((await ban(moderator, bob)).statusCode).toBe(200);
    const after = await poll(alice.client, '/api/likes.php', before.etag);
    expect(after.status).toBe(200);
    const fresh = JSON.parse(after.body) as LikesResponse;
    expect(ids(fresh.profiles)).not.toContain(bob.profileId);
    expect(fresh.liked_by.map((entry) => entry.id)).not.toContain(bob.profileId);
    for (const type of ['liked', 'liked-by', 'matches']) {
      expect(
        ids((await json<{ profiles: { id: number }[] }>(alice.client, `/api/likes-list.php?type=${type}`)).profiles),
        type,
      ).not.toContain(bob.profileId);
    }
    // Lifted: back at the next poll, through the same cache.
    expect((await poll(alice.client, '/api/likes.php', after.etag)).status).toBe(304);
    expect(
      (await moderator.request({ method: 'POST', url: `/api/admin/members/${bob.user.id}/unban`, payload: {} }))
        .statusCode,
    ).toBe(200);
    const lifted = await poll(alice.client, '/api/likes.php', after.etag);
    expect(lifted.status).toBe(200);
    expect(ids((JSON.parse(lifted.body) as LikesResponse).profiles)).toContain(bob.profileId);
  });

  it('refuses a message to him without a charge; the list and the conversation say he is no longer available', async () => {
    const { bob, alice } = await cast(app);
    const { conversationId } = await sendMessage(alice.client, bob.profileId, 'Hello Bob');
    await sendMessage(bob.client, alice.profileId, 'Hello Alice');
    const listBefore = await poll(alice.client, '/api/chats.php');
    expect((JSON.parse(listBefore.body) as ChatsResponse).chats[0]).toMatchObject({
      profile: { id: bob.profileId, is_available: true },
    });
    expect((await poll(alice.client, '/api/chats.php', listBefore.etag)).status).toBe(304);
    // Her open tab (a live socket: it does not poll) hears of it and reloads the conversation.
    const tab = new FakeSocket();
    await app.realtime.accept(
      tab as unknown as WebSocket,
      { userId: alice.user.id, profileId: alice.profileId, sessionId: 0 },
      () => undefined,
    );

    expect((await ban(moderator, bob)).statusCode).toBe(200);
    await within(
      async () => tab.sent.some((data) => (JSON.parse(data) as { type: string }).type === 'member_availability'),
      1000,
    );
    expect(tab.sent.map((data) => JSON.parse(data) as unknown)).toContainEqual({
      type: 'member_availability',
      profile_id: bob.profileId,
      is_available: false,
    });
    const balance = await getBalance(app.db, alice.user.id);
    const refused = await alice.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: bob.profileId, client_id: randomUUID(), text: 'Are you there?' },
      cookies: { lang: 'de' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'member_unavailable', params: { name: bob.name } });
    expect(refused.json().error.message).toContain(bob.name);
    expect(refused.json().error.message).not.toMatch(/errors:|no longer available/);
    expect(await getBalance(app.db, alice.user.id)).toBe(balance);

    const listAfter = await poll(alice.client, '/api/chats.php', listBefore.etag);
    expect(listAfter.status).toBe(200);
    expect(
      (JSON.parse(listAfter.body) as ChatsResponse).chats.find((entry) => entry.conversation.id === conversationId),
    ).toMatchObject({ profile: { is_available: false } });
    const conversation = await json<ChatResponse>(alice.client, `/api/chat.php?conversation=${conversationId}`);
    expect(conversation.send_blocked_reason).toBe('member_unavailable');
    expect(conversation.messages.length).toBe(2);
    // Opened by profile without a conversation, he is not found (as a deleted member is).
    const stranger = await createMember(app);
    expect((await stranger.client.request({ url: `/api/chat.php?profile=${bob.profileId}` })).statusCode).toBe(404);
  });

  it('sends no mail to him or about him, also for messages written before the ban', async () => {
    const { bob, alice, carol } = await cast(app);
    clock = controlClock(app);
    await sendMessage(alice.client, bob.profileId, 'To Bob');
    await sendMessage(bob.client, alice.profileId, 'From Bob');
    // A control: the same kind of mail between members nobody banned goes out.
    await sendMessage(alice.client, carol.profileId, 'To Carol');
    expect((await ban(moderator, bob)).statusCode).toBe(200);
    await clock.advance(DAY);
    expect(await notificationMails(app, carol.email)).not.toEqual([]);
    expect(await notificationMails(app, bob.email)).toEqual([]);
    expect((await notificationMails(app, alice.email)).filter((mail) => mail.template.includes('message'))).toEqual([]);
  });

  it('never delivers the signup message of a member banned before confirming the address', async () => {
    const { alice } = await cast(app);
    const client = createClient(app);
    const { email, user } = await signUp(
      app,
      { signup_message: 'Hello Alice, send me money', target_profile_id: alice.profileId },
      client,
    );
    expect((await ban(moderator, { user })).statusCode).toBe(200);
    const token = await tokenFromMail(app, email, '/activate');
    const activated = await client.request({ method: 'POST', url: '/api/activate.php', payload: { token } });
    expect(activated.json().error).toMatchObject({ code: 'account_banned' });
    expect((await json<ChatsResponse>(alice.client, '/api/chats.php')).chats).toEqual([]);
  });

  it('counts a suspension until its end only: then he is visible again', async () => {
    const { country, bob, carol } = await cast(app);
    const until = new Date(Date.now() + DAY).toISOString();
    expect(
      (
        await moderator.request({
          method: 'POST',
          url: `/api/admin/members/${bob.user.id}/suspend`,
          payload: { reason: 'harassment', until },
        })
      ).statusCode,
    ).toBe(200);
    expect(await sightings(carol, bob, country)).toEqual({ search: false, swipe: false, finder: false });
    expect((await carol.client.request({ url: `/api/member.php?id=${bob.profileId}` })).statusCode).toBe(404);
    // The suspension ends (written directly: a day cannot pass in a test).
    await app.db
      .update(memberRestrictions)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(memberRestrictions.userId, bob.user.id));
    expect(await sightings(carol, bob, country)).toEqual({ search: true, swipe: true, finder: true });
    expect((await carol.client.request({ url: `/api/member.php?id=${bob.profileId}` })).statusCode).toBe(200);
  });

  it('keeps the copy the lists read (users.restricted_until) equal to the restriction, whoever writes it', async () => {
    const [bob, dan, eve] = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    const pageOf = async (member: TestMember) =>
      (await eve.client.request({ url: `/api/member.php?id=${member.profileId}` })).statusCode;
    const copyOf = async (member: TestMember) =>
      (await app.db.select({ until: users.restrictedUntil }).from(users).where(eq(users.id, member.user.id)))[0]!.until;
    expect(await copyOf(bob)).toBeNull();
    // Through the staff console: a ban is restricted without end, an unban clears it.
    expect((await ban(moderator, bob)).statusCode).toBe(200);
    expect(await copyOf(bob)).toBe('infinity');
    const until = new Date(Date.now() + DAY);
    // Written directly: a ban turned into a suspension, moved to another account, and deleted.
    await app.db
      .update(memberRestrictions)
      .set({ kind: 'suspended', until })
      .where(eq(memberRestrictions.userId, bob.user.id));
    const at = async (member: TestMember) => {
      const copy = await copyOf(member);
      return copy === null ? null : Date.parse(copy);
    };
    expect(await at(bob)).toBe(until.getTime());
    await app.db
      .update(memberRestrictions)
      .set({ userId: dan.user.id })
      .where(eq(memberRestrictions.userId, bob.user.id));
    expect([await at(bob), await at(dan)]).toEqual([null, until.getTime()]);
    expect([await pageOf(bob), await pageOf(dan)]).toEqual([200, 404]);
    await app.db.delete(memberRestrictions).where(eq(memberRestrictions.userId, dan.user.id));
    expect(await copyOf(dan)).toBeNull();
    // A suspension without an end restricts nothing, in the copy as in isRestrictionActive.
    await app.db.insert(memberRestrictions).values({ userId: dan.user.id, kind: 'suspended', reason: 'scam_spam' });
    expect(await copyOf(dan)).toBeNull();
    expect(await pageOf(dan)).toBe(200);
  });
});

describe.skipIf(!hasRedis)('a ban on one instance, seen on another (runs when REDIS_URL is set)', () => {
  const instances = useTwoInstances();

  it('takes effect on the other instance within a second: search, swipe, match finder, his page, cached likes and chats polls, sends', async () => {
    const moderator = await signedInStaff(instances.first, 'moderator');
    const { country, bob, alice, carol } = await cast(instances.first);
    await alice.client.request({ method: 'POST', url: '/api/like.php', payload: { id: bob.profileId } });
    const carolOnSecond = { ...carol, client: createClient(instances.second, carol.client.ip) };
    carolOnSecond.client.cookie = carol.client.cookie;
    expect(await sightings(carolOnSecond, bob, country)).toEqual({ search: true, swipe: true, finder: true });
    await sendMessage(alice.client, bob.profileId, 'Hello Bob');
    const onSecond = createClient(instances.second, alice.client.ip);
    onSecond.cookie = alice.client.cookie;
    const search = async () =>
      ids((await json<SearchResponse>(onSecond, `/api/search.php?country=${country}&gender=male`)).results).includes(
        bob.profileId,
      );
    expect(await search()).toBe(true);
    // Polled twice: the second instance now answers both from its cached versions.
    const likes = await poll(onSecond, '/api/likes.php');
    const chats = await poll(onSecond, '/api/chats.php');
    expect((await poll(onSecond, '/api/likes.php', likes.etag)).status).toBe(304);
    expect((await poll(onSecond, '/api/chats.php', chats.etag)).status).toBe(304);

    expect((await ban(moderator, bob, 'fake_profile')).statusCode).toBe(200);
    await within(async () => (await poll(onSecond, '/api/likes.php', likes.etag)).status === 200, 1000);
    await within(async () => (await poll(onSecond, '/api/chats.php', chats.etag)).status === 200, 1000);
    const fresh = JSON.parse((await poll(onSecond, '/api/likes.php')).body) as LikesResponse;
    expect(ids(fresh.profiles)).not.toContain(bob.profileId);
    expect((JSON.parse((await poll(onSecond, '/api/chats.php')).body) as ChatsResponse).chats[0]).toMatchObject({
      profile: { id: bob.profileId, is_available: false },
    });
    expect(await search()).toBe(false);
    expect(await sightings(carolOnSecond, bob, country)).toEqual({ search: false, swipe: false, finder: false });
    expect((await onSecond.request({ url: `/api/member.php?id=${bob.profileId}` })).statusCode).toBe(404);
    const refused = await onSecond.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: bob.profileId, client_id: randomUUID(), text: 'Hi' },
    });
    expect(refused.json().error).toMatchObject({ code: 'member_unavailable' });
  });
});
