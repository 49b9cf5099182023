import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_ERROR_CODES,
  FREE_CONVERSATION_LIMIT,
  type ChatResponse,
  type ChatsResponse,
  type SendMessageResponse,
} from '@app/contracts';
import { creditLedger, messages, pendingMessages, sites, users } from '../../db/schema/index.ts';
import { hasTranslation } from '../../lib/i18n.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import { createClient, signUp, tokenFromMail, type Client } from '../../test-support/accounts.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import {
  createMember,
  insertProfiles,
  makeJpeg,
  makePremium,
  multipartBody,
  visitor,
  type TestMember,
} from '../../test-support/members.ts';

const send = (client: Client, to: number, body: Record<string, unknown> = {}) =>
  client.request({
    method: 'POST',
    url: '/api/message.php',
    payload: { to, client_id: randomUUID(), text: 'Hello there', ...body },
  });
const openChat = (client: Client, query: string) => client.request({ url: `/api/chat.php?${query}` });
const listChats = (client: Client, query = '') => client.request({ url: `/api/chats.php${query}` });

describe('chat', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('has an English message for every chat error code', () => {
    for (const code of CHAT_ERROR_CODES) expect(hasTranslation(`errors:${code}`, { count: 2 }), code).toBe(true);
  });

  it('sends a text: debited once with the stored message, listed for both, unread for the partner', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const response = await send(alice.client, bob.profileId, { text: 'Hi Bob 👋' });
    expect(response.statusCode).toBe(200);
    const sent = response.json<SendMessageResponse>();
    expect(sent).toMatchObject({
      credits: 10,
      message: { seq: 1, kind: 'text', body: 'Hi Bob 👋', is_mine: true, sender_id: alice.profileId },
    });
    const ledger = await app.db.select().from(creditLedger).where(eq(creditLedger.userId, alice.user.id));
    expect(ledger.filter((entry) => entry.reason === 'message')).toEqual([
      expect.objectContaining({ amount: -10, reference: `conversation:${sent.conversation.id}` }),
    ]);

    const bobList = (await listChats(bob.client)).json<ChatsResponse>();
    expect(bobList).toMatchObject({ unread_total: 1, started_count: 0 });
    expect(bobList.chats).toEqual([
      expect.objectContaining({
        conversation: { id: sent.conversation.id },
        profile: expect.objectContaining({ id: alice.profileId, name: alice.name }),
        num_unread_messages: 1,
        last_message: expect.objectContaining({ kind: 'text', preview: 'Hi Bob 👋', is_mine: false }),
      }),
    ]);
    expect((await listChats(alice.client)).json<ChatsResponse>()).toMatchObject({ unread_total: 0, started_count: 1 });

    // Opening it marks it read.
    const opened = (await openChat(bob.client, `conversation=${sent.conversation.id}`)).json<ChatResponse>();
    expect(opened.messages).toEqual([expect.objectContaining({ body: 'Hi Bob 👋', is_mine: false, client_id: null })]);
    expect(opened).toMatchObject({
      send_blocked_reason: null,
      prices: { text: 10, photo: 15, gift: 25 },
      max_length: 1000,
      can_send_photos: false,
    });
    expect((await listChats(bob.client)).json<ChatsResponse>()).toMatchObject({
      unread_total: 0,
      chats: [expect.objectContaining({ num_unread_messages: 0 })],
    });
    // And Alice sees Bob's read mark.
    expect((await openChat(alice.client, `profile=${bob.profileId}`)).json<ChatResponse>().conversation).toMatchObject({
      partner_read_seq: 1,
    });
  });

  it('stores and charges a retried send once and answers the first result', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const clientId = randomUUID();
    const first = await send(alice.client, bob.profileId, { client_id: clientId });
    const again = await send(alice.client, bob.profileId, { client_id: clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(await getBalance(app.db, alice.user.id)).toBe(10);
    // The same id for something else is refused.
    const reused = await send(alice.client, bob.profileId, { client_id: clientId, text: undefined, gift: 'rose' });
    expect(reused.json()).toMatchObject({ error: { code: 'client_id_reused' } });
  });

  it(`stores one message and one debit for the same client id sent 20 times at once (${concurrencyProves})`, async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const clientId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(alice.client, bob.profileId, { client_id: clientId })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.json().message.id)).size).toBe(1);
    const stored = await app.db.select().from(messages).where(eq(messages.senderProfileId, alice.profileId));
    expect(stored).toHaveLength(1);
    expect(await getBalance(app.db, alice.user.id)).toBe(10);
  });

  it('refuses a send without enough credits and stores nothing', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    expect((await send(alice.client, bob.profileId)).statusCode).toBe(200);
    expect((await send(alice.client, bob.profileId)).statusCode).toBe(200);
    const broke = await send(alice.client, bob.profileId);
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toMatchObject({
      error: { code: 'not_enough_credits', message: expect.stringMatching(/credits/i) },
    });
    const gift = await send(alice.client, bob.profileId, { text: undefined, gift: 'rose' });
    expect(gift.statusCode).toBe(402);
    expect(await app.db.select().from(messages).where(eq(messages.senderProfileId, alice.profileId))).toHaveLength(2);
    expect(await getBalance(app.db, alice.user.id)).toBe(0);
  });

  it('sends a gift from the catalogue for gift_credits and refuses an unknown one', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    await makePremium(app, alice);
    await postLedgerEntry(app.db, {
      userId: alice.user.id,
      amount: 100,
      reason: 'purchase',
      idempotencyKey: `test:gift:${alice.user.id}`,
    });
    const gift = await send(alice.client, bob.profileId, { text: undefined, gift: 'rose' });
    expect(gift.json()).toMatchObject({ credits: 95, message: { kind: 'gift', gift: 'rose', body: null } });
    const unknown = await send(alice.client, bob.profileId, { text: undefined, gift: 'diamond' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'gift_invalid' } });
    const both = await send(alice.client, bob.profileId, { gift: 'rose' });
    expect(both.statusCode).toBe(400);
  });

  it('refuses empty, too long and malformed messages with translated errors and changes nothing', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const empty = await send(alice.client, bob.profileId, { text: '   ' });
    expect(empty.json()).toMatchObject({ error: { code: 'message_empty' } });
    const long = await send(alice.client, bob.profileId, { text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'message_too_long', params: { max: 1000 } } });
    const german = await alice.client.request({
      method: 'POST',
      url: '/api/message.php',
      cookies: { lang: 'de' },
      payload: { to: bob.profileId, client_id: randomUUID(), text: 'x'.repeat(1001) },
    });
    expect(german.json().error.message).not.toBe(long.json().error.message);
    // Exactly the limit, counted in characters (an emoji is one).
    expect((await send(alice.client, bob.profileId, { text: '😀'.repeat(1000) })).statusCode).toBe(200);
    for (const payload of [
      { to: bob.profileId, client_id: 'short', text: 'x' },
      { to: String(bob.profileId), client_id: randomUUID(), text: 'x' },
      { to: bob.profileId, text: 'x' },
    ]) {
      expect((await alice.client.request({ method: 'POST', url: '/api/message.php', payload })).statusCode).toBe(400);
    }
    expect(await app.db.select().from(messages).where(eq(messages.senderProfileId, alice.profileId))).toHaveLength(1);
    expect((await send(alice.client, alice.profileId)).json()).toMatchObject({
      error: { code: 'cannot_message_self' },
    });
  });

  it('lets a free member start two conversations over the life of the account, reply anywhere, and a premium member start more', async () => {
    const alice = await createMember(app);
    await postLedgerEntry(app.db, {
      userId: alice.user.id,
      amount: 200,
      reason: 'bonus',
      idempotencyKey: `test:limit:${alice.user.id}`,
    });
    const partners = await Promise.all(Array.from({ length: 4 }, () => createMember(app)));
    const [p1, p2, p3, p4] = partners as [TestMember, TestMember, TestMember, TestMember];
    expect((await send(alice.client, p1.profileId)).statusCode).toBe(200);
    const second = await send(alice.client, p2.profileId);
    expect(second.statusCode).toBe(200);
    // Deleting a conversation frees no slot.
    await alice.client.request({
      method: 'DELETE',
      url: '/api/chat.php',
      payload: { conversation: second.json().conversation.id },
    });
    const third = await send(alice.client, p3.profileId);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      error: { code: 'conversation_limit_reached', params: { max: FREE_CONVERSATION_LIMIT } },
    });
    expect((await openChat(alice.client, `profile=${p3.profileId}`)).json<ChatResponse>()).toMatchObject({
      conversation: null,
      send_blocked_reason: 'conversation_limit_reached',
    });
    // Replying in a conversation someone else started is allowed, and writing again in a started one too.
    expect((await send(p4.client, alice.profileId)).statusCode).toBe(200);
    expect((await send(alice.client, p4.profileId)).statusCode).toBe(200);
    expect((await send(alice.client, p2.profileId)).statusCode).toBe(200);
    await makePremium(app, alice);
    expect((await send(alice.client, p3.profileId)).statusCode).toBe(200);
  });

  it('refuses messages to fictional profiles before anything is charged', async () => {
    const alice = await createMember(app);
    const [fictional] = await insertProfiles(app, [{ name: 'Fiona', isFictional: true }]);
    const response = await send(alice.client, fictional!.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'profile_not_messageable' } });
    expect((await openChat(alice.client, `profile=${fictional!.id}`)).json<ChatResponse>()).toMatchObject({
      send_blocked_reason: 'profile_not_messageable',
      partner: { is_fictional: true },
    });
    expect(await getBalance(app.db, alice.user.id)).toBe(20);
  });

  it('gives visitors the login-required answer', async () => {
    const guest = visitor(app);
    for (const request of [
      guest.request({ url: '/api/chats.php' }),
      guest.request({ url: '/api/chat.php?profile=1' }),
      guest.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: 1, client_id: randomUUID(), text: 'hi' },
      }),
      guest.request({ method: 'DELETE', url: '/api/chat.php', payload: { conversation: 1 } }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ authentication_required: true });
    }
  });

  it('keeps blocked members apart: no sending, no opening, and neither lists the conversation', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const conversation = (await send(alice.client, bob.profileId)).json().conversation.id;
    await bob.client.request({ method: 'POST', url: '/api/block.php', payload: { id: alice.profileId } });
    const blocked = await send(alice.client, bob.profileId);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'blocked_by', params: { name: bob.name } } });
    expect(blocked.json().error.message).toContain(bob.name);
    expect((await send(bob.client, alice.profileId)).json()).toMatchObject({ error: { code: 'member_blocked' } });
    expect((await openChat(alice.client, `conversation=${conversation}`)).statusCode).toBe(403);
    expect((await listChats(alice.client)).json<ChatsResponse>().chats).toEqual([]);
    expect((await listChats(bob.client)).json<ChatsResponse>()).toMatchObject({ chats: [], unread_total: 0 });
    expect(await getBalance(app.db, alice.user.id)).toBe(10);
  });

  it('lets nobody reply to a member who has not confirmed the e-mail address, until they do', async () => {
    const bob = await createMember(app);
    const newbie = await createMember(app, { isActive: false });
    // An unconfirmed member may not write either (docs/unconfirmed-members.md): refused, nothing charged.
    const credits = await getBalance(app.db, newbie.user.id);
    const refused = await send(newbie.client, bob.profileId, { text: 'Hi from a new member' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'activation_required' } });
    expect(await getBalance(app.db, newbie.user.id)).toBe(credits);
    // A conversation with a member whose address is unconfirmed again (written directly: no flow of today leads there).
    await app.db.update(users).set({ status: 'active' }).where(eq(users.id, newbie.user.id));
    await app.memberEvents.changed(newbie.user.id);
    const sent = await send(newbie.client, bob.profileId, { text: 'Hi from a new member' });
    expect(sent.statusCode).toBe(200);
    await app.db.update(users).set({ status: 'not_confirmed' }).where(eq(users.id, newbie.user.id));
    await app.memberEvents.changed(newbie.user.id);
    const reply = await send(bob.client, newbie.profileId);
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ error: { code: 'partner_not_confirmed', params: { name: newbie.name } } });
    const opened = (await openChat(bob.client, `conversation=${sent.json().conversation.id}`)).json<ChatResponse>();
    expect(opened).toMatchObject({ send_blocked_reason: 'partner_not_confirmed', partner: { is_confirmed: false } });
    await app.db.update(users).set({ status: 'active' }).where(eq(users.id, newbie.user.id));
    expect((await send(bob.client, newbie.profileId)).statusCode).toBe(200);
  });

  it('treats a member pending deletion as gone: they cannot chat, and nobody can write to them', async () => {
    const alice = await createMember(app);
    const leaving = await createMember(app);
    const conversation = (await send(leaving.client, alice.profileId)).json().conversation.id;
    await app.db
      .update(users)
      .set({ status: 'deleted_pending', deletedAt: new Date() })
      .where(eq(users.id, leaving.user.id));
    await app.memberEvents.changed(leaving.user.id);
    expect((await listChats(leaving.client)).json()).toMatchObject({ authentication_required: true });
    expect((await send(leaving.client, alice.profileId)).statusCode).toBe(403);
    const toLeaving = await send(alice.client, leaving.profileId);
    expect(toLeaving.statusCode).toBe(404);
    expect(toLeaving.json()).toMatchObject({ error: { code: 'profile_not_found' } });
    expect((await openChat(alice.client, `conversation=${conversation}`)).json<ChatResponse>()).toMatchObject({
      send_blocked_reason: 'partner_gone',
    });
    expect(await getBalance(app.db, alice.user.id)).toBe(20);
  });

  it('delivers the signup message as the first message when the account is activated, exactly once', async () => {
    const bob = await createMember(app);
    const client = createClient(app);
    const { email, user } = await signUp(
      app,
      { signup_message: 'Hello Bob, I just signed up!', target_profile_id: bob.profileId },
      client,
    );
    const [pending] = await app.db.select().from(pendingMessages).where(eq(pendingMessages.userId, user.id));
    expect(pending).toBeDefined();
    expect((await listChats(bob.client)).json<ChatsResponse>().chats).toEqual([]);
    const token = await tokenFromMail(app, email, '/activate');
    const activate = () => client.request({ method: 'POST', url: '/api/activate.php', payload: { token } });
    expect((await activate()).statusCode).toBe(200);
    await activate();
    const list = (await listChats(bob.client)).json<ChatsResponse>();
    expect(list.chats).toEqual([
      expect.objectContaining({ profile: expect.objectContaining({ id: user.profile.id }), num_unread_messages: 1 }),
    ]);
    const opened = (await openChat(bob.client, `conversation=${list.chats[0]!.conversation.id}`)).json<ChatResponse>();
    expect(opened.messages.map((message) => message.body)).toEqual(['Hello Bob, I just signed up!']);
    const [delivered] = await app.db.select().from(pendingMessages).where(eq(pendingMessages.userId, user.id));
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
  });

  it('removes a conversation for the member only; it comes back with only the new messages when the partner writes', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const conversation = (await send(alice.client, bob.profileId, { text: 'first' })).json().conversation.id;
    const removed = await bob.client.request({ method: 'DELETE', url: '/api/chat.php', payload: { conversation } });
    expect(removed.json()).toEqual({ removed: true });
    expect((await listChats(bob.client)).json<ChatsResponse>()).toMatchObject({ chats: [], unread_total: 0 });
    expect((await listChats(alice.client)).json<ChatsResponse>().chats).toHaveLength(1);
    expect(
      (await bob.client.request({ method: 'DELETE', url: '/api/chat.php', payload: { conversation } })).statusCode,
    ).toBe(404);
    await send(alice.client, bob.profileId, { text: 'second' });
    const back = (await listChats(bob.client)).json<ChatsResponse>();
    expect(back.chats).toEqual([expect.objectContaining({ num_unread_messages: 1 })]);
    expect(
      (await openChat(bob.client, `conversation=${conversation}`))
        .json<ChatResponse>()
        .messages.map((message) => message.body),
    ).toEqual(['second']);
  });

  it("answers another member's conversation as not found", async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const eve = await createMember(app);
    const conversation = (await send(alice.client, bob.profileId)).json().conversation.id;
    expect((await openChat(eve.client, `conversation=${conversation}`)).statusCode).toBe(404);
    expect(
      (await eve.client.request({ method: 'DELETE', url: '/api/chat.php', payload: { conversation } })).statusCode,
    ).toBe(404);
    expect(
      (await eve.client.request({ method: 'POST', url: '/api/chat-read.php', payload: { conversation, seq: 1 } }))
        .statusCode,
    ).toBe(404);
    expect((await openChat(eve.client, 'conversation=1&profile=2')).statusCode).toBe(400);
  });

  it('pages messages newest first by sequence and catches up after a sequence without gaps or duplicates', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    await makePremium(app, alice);
    for (const member of [alice, bob]) {
      await postLedgerEntry(app.db, {
        userId: member.user.id,
        amount: 1000,
        reason: 'bonus',
        idempotencyKey: `test:paging:${member.user.id}`,
      });
    }
    let conversation = 0;
    // Both write (each stays under the per-member send limit).
    for (let index = 1; index <= 45; index += 1) {
      const [from, to] = index % 2 ? [alice, bob] : [bob, alice];
      conversation = (await send(from.client, to.profileId, { text: `m${index}` })).json().conversation.id;
    }
    const newest = (await openChat(bob.client, `conversation=${conversation}`)).json<ChatResponse>();
    expect(newest.messages.map((message) => message.seq)).toEqual(Array.from({ length: 30 }, (_, index) => index + 16));
    expect(newest.has_more).toBe(true);
    const older = (await openChat(bob.client, `conversation=${conversation}&before=16`)).json<ChatResponse>();
    expect(older.messages.map((message) => message.seq)).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(older).toMatchObject({ has_more: false, has_hidden_history: false });
    const caughtUp = (await openChat(bob.client, `conversation=${conversation}&after=40`)).json<ChatResponse>();
    expect(caughtUp.messages.map((message) => message.body)).toEqual(['m41', 'm42', 'm43', 'm44', 'm45']);
  });

  it('hides messages older than the privacy window and says so', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const conversation = (await send(alice.client, bob.profileId, { text: 'old' })).json().conversation.id;
    await app.db
      .update(messages)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(eq(messages.conversationId, conversation));
    await send(alice.client, bob.profileId, { text: 'new' });
    const opened = (await openChat(bob.client, `conversation=${conversation}`)).json<ChatResponse>();
    expect(opened.messages.map((message) => message.body)).toEqual(['new']);
    expect(opened).toMatchObject({ has_hidden_history: true, has_more: false });
  });

  it('answers chats.php polls with 304 until something changes, and ?since= with only what changed', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const carol = await createMember(app);
    await send(alice.client, bob.profileId);
    const first = await listChats(bob.client);
    const etag = first.headers.etag as string;
    const version = first.json<ChatsResponse>().version;
    const notModified = await bob.client.request({ url: '/api/chats.php', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    // No body, and no Content-Length that promises one (clients would wait for it).
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-length'] ?? '0').toBe('0');
    await send(carol.client, bob.profileId);
    const changed = await bob.client.request({ url: '/api/chats.php', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    const delta = (await listChats(bob.client, `?since=${version}`)).json<ChatsResponse>();
    expect(delta.chats.map((entry) => entry.profile.id)).toEqual([carol.profileId]);
    expect(delta.version).toBeGreaterThan(version);
    // Each of these changes the list too, so each makes a new tag (the version is kept in memory between them).
    const conversationOf = async (partner: number) =>
      (await listChats(bob.client)).json<ChatsResponse>().chats.find((entry) => entry.profile.id === partner)!
        .conversation.id;
    const fromCarol = await conversationOf(carol.profileId);
    const fromAlice = await conversationOf(alice.profileId);
    const changes: [string, () => Promise<unknown>][] = [
      ['a message sent', () => send(bob.client, alice.profileId)],
      [
        'a message read',
        () =>
          bob.client.request({
            method: 'POST',
            url: '/api/chat-read.php',
            payload: { conversation: fromCarol, seq: 1 },
          }),
      ],
      [
        'a conversation removed',
        () => bob.client.request({ method: 'DELETE', url: '/api/chat.php', payload: { conversation: fromAlice } }),
      ],
      [
        'a block',
        () => bob.client.request({ method: 'POST', url: '/api/block.php', payload: { id: carol.profileId } }),
      ],
      [
        'an unblock',
        () => bob.client.request({ method: 'DELETE', url: '/api/block.php', payload: { id: carol.profileId } }),
      ],
      [
        'a block received',
        () => carol.client.request({ method: 'POST', url: '/api/block.php', payload: { id: bob.profileId } }),
      ],
    ];
    let tag = changed.headers.etag as string;
    for (const [change, act] of changes) {
      expect(
        (await bob.client.request({ url: '/api/chats.php', headers: { 'if-none-match': tag } })).statusCode,
        change,
      ).toBe(304);
      expect(((await act()) as { statusCode: number }).statusCode, change).toBeLessThan(300);
      const polled = await bob.client.request({ url: '/api/chats.php', headers: { 'if-none-match': tag } });
      expect(polled.statusCode, change).toBe(200);
      tag = polled.headers.etag as string;
    }
  });

  it('pages the conversation list with a signed cursor', async () => {
    const bob = await createMember(app);
    const senders = await Promise.all(Array.from({ length: 3 }, () => createMember(app)));
    for (const sender of senders) await send(sender.client, bob.profileId);
    const first = (await listChats(bob.client)).json<ChatsResponse>();
    expect(first.chats.map((entry) => entry.profile.id)).toEqual(senders.map((sender) => sender.profileId).reverse());
    expect(first.next_cursor).toBeNull();
    expect((await listChats(bob.client, '?cursor=forged.cursor')).statusCode).toBe(400);
  });

  it('sends a photo for premium members only: re-encoded, and served only through a signed, expiring URL', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const photo = await makeJpeg(400, 300, { withGps: true });
    const upload = (client: Client, clientId = randomUUID()) => {
      const body = multipartBody({ data: photo }, { to: String(bob.profileId), client_id: clientId });
      return client.request({
        method: 'POST',
        url: '/api/message-photo.php',
        payload: body.payload,
        headers: body.headers,
      });
    };
    const free = await upload(alice.client);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ error: { code: 'premium_required_chat_photos' } });
    await makePremium(app, alice);
    const sent = await upload(alice.client);
    expect(sent.statusCode).toBe(200);
    const message = sent.json<SendMessageResponse>().message;
    expect(message).toMatchObject({ kind: 'photo', photo: { width: 400, height: 300 } });
    expect(sent.json().credits).toBe(5);
    const file = await app.inject({ url: message.photo!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.includes(Buffer.from('Spy 3000'))).toBe(false);
    expect(
      (await app.inject({ url: message.photo!.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA') })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: message.photo!.url.replace(/e=\d+/, 'e=1000') })).statusCode).toBe(404);
    // Not an image: a clear error, nothing stored or charged.
    const text = multipartBody(
      { data: Buffer.from('not an image'), contentType: 'text/plain', filename: 'a.txt' },
      { to: String(bob.profileId), client_id: randomUUID() },
    );
    const bad = await alice.client.request({
      method: 'POST',
      url: '/api/message-photo.php',
      payload: text.payload,
      headers: text.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'message_attachment_invalid' } });
    expect(await getBalance(app.db, alice.user.id)).toBe(5);
  });
});

describe('chat under load', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The documented factor lifts the per-member send limit so 1,000 sends reach the ledger.
    app = await buildTestApp({ rateLimitFactor: 100 });
  });
  afterAll(() => app.close());

  it(`stores exactly 10 of 1,000 concurrent sends from a member with 10 credits at 1 credit each (${concurrencyProves})`, async () => {
    await app.db.update(sites).set({ messageCredits: 1 });
    app.sites.invalidate();
    const alice = await createMember(app);
    const bob = await createMember(app);
    await postLedgerEntry(app.db, {
      userId: alice.user.id,
      amount: -10,
      reason: 'test',
      idempotencyKey: `test:drain:${alice.user.id}`,
    });
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => send(alice.client, bob.profileId, { text: `m${index}` })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 402)).toHaveLength(990);
    expect(await getBalance(app.db, alice.user.id)).toBe(0);
    const stored = await app.db.select().from(messages).where(eq(messages.senderProfileId, alice.profileId));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, index) => index + 1),
    );
    const debits = await app.db.select().from(creditLedger).where(eq(creditLedger.reason, 'message'));
    expect(debits.filter((entry) => entry.userId === alice.user.id)).toHaveLength(10);
  }, 120_000);

  it('limits sends per member with the translated rate_limited message', async () => {
    const limited = await buildTestApp();
    try {
      await limited.db.update(sites).set({ messageCredits: 0 });
      limited.sites.invalidate();
      const alice = await createMember(limited);
      const bob = await createMember(limited);
      const codes: number[] = [];
      for (let index = 0; index < 31; index += 1) codes.push((await send(alice.client, bob.profileId)).statusCode);
      expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
      const refused = await send(alice.client, bob.profileId);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    } finally {
      await limited.close();
    }
  });
});
