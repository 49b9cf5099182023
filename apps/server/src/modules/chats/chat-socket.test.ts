import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ChatResponse } from '@app/contracts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { SESSION_COOKIE, type Client } from '../../test-support/accounts.ts';
import { connect, listen, type TestSocket } from '../../test-support/sockets.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import { CLOSE_SESSION_CHANGED } from '../../plugins/realtime/index.ts';

const pongCount = (test: TestSocket) => test.events.filter((event) => event.type === 'pong').length;

/** Resolves once the server answered a ping sent now: every frame this socket sent before has been handled. */
async function roundTrip(test: TestSocket): Promise<void> {
  const before = pongCount(test);
  test.socket.send(JSON.stringify({ type: 'ping' }));
  await vi.waitFor(() => expect(pongCount(test)).toBeGreaterThan(before));
}

/**
 * Proves that nothing more from `from` is on its way to `to`: `from`'s frames have all been handled, and a like from
 * `from`, published after them on the same realtime path, has reached `to`.
 */
async function nothingMoreOnTheWay(from: TestMember & { socket: TestSocket }, to: TestMember & { socket: TestSocket }) {
  await roundTrip(from.socket);
  await from.client.request({ method: 'POST', url: '/api/like.php', payload: { id: to.profileId } });
  await to.socket.next((event) => event.type === 'like' && event.profile_id === from.profileId);
}

const send = (client: Client, to: number, text = 'Hello') =>
  client.request({ method: 'POST', url: '/api/message.php', payload: { to, client_id: randomUUID(), text } });

describe('member socket', () => {
  let app: TestApp;
  let host: string;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    app = await buildTestApp();
    host = await listen(app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await app.close();
  });
  const open = async (member: TestMember) => {
    const connected = await connect(host, member.client.cookie);
    sockets.push(connected.socket);
    await connected.next((event) => event.type === 'hello');
    return connected;
  };

  it('refuses visitors and pages of other sites', async () => {
    await expect(connect(host, undefined)).rejects.toThrow(/refused: 403/);
    const member = await createMember(app);
    await expect(connect(host, member.client.cookie, 'https://evil.example')).rejects.toThrow(/refused: 403/);
  });

  it('compares the whole origin, not the host alone: another scheme or port of the same host is refused', async () => {
    const member = await createMember(app);
    const [hostname, port] = host.split(':') as [string, string];
    await expect(connect(host, member.client.cookie, `https://${host}`)).rejects.toThrow(/refused: 403/);
    await expect(connect(host, member.client.cookie, `http://${hostname}:${Number(port) + 1}`)).rejects.toThrow(
      /refused: 403/,
    );
    await expect(connect(host, member.client.cookie, `http://${hostname}`)).rejects.toThrow(/refused: 403/);
    const same = await connect(host, member.client.cookie, `http://${host}`);
    sockets.push(same.socket);
    await same.next((event) => event.type === 'hello');
  });

  it('relays one typing hint per socket and conversation every few seconds, however many frames arrive', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    await postLedgerEntry(app.db, {
      userId: alice.user.id,
      amount: 100,
      reason: 'bonus',
      idempotencyKey: `test:typing:${alice.user.id}`,
    });
    const conversation = (await send(alice.client, bob.profileId)).json().conversation.id as number;
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);
    for (let index = 0; index < 20; index += 1)
      bobSocket.socket.send(JSON.stringify({ type: 'typing', conversation_id: conversation }));
    await aliceSocket.next((event) => event.type === 'typing');
    await nothingMoreOnTheWay({ ...bob, socket: bobSocket }, { ...alice, socket: aliceSocket });
    expect(aliceSocket.events.filter((event) => event.type === 'typing')).toHaveLength(1);
    expect(bobSocket.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('limits the frames a socket may send, and closes one that keeps flooding with 4008', async () => {
    const member = await createMember(app);
    const flooder = await open(member);
    const closed = new Promise<number>((resolve) => flooder.socket.once('close', (code) => resolve(code)));
    for (let index = 0; index < 2000; index += 1) flooder.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await closed).toBe(4008);
    // The burst was answered; nothing beyond it.
    const pongs = flooder.events.filter((event) => event.type === 'pong').length;
    expect(pongs).toBeGreaterThan(0);
    expect(pongs).toBeLessThanOrEqual(35);
    // A socket that stays within the rate is never closed.
    const calm = await open(member);
    for (let index = 0; index < 10; index += 1) calm.socket.send(JSON.stringify({ type: 'ping' }));
    await vi.waitFor(() => expect(pongCount(calm)).toBe(10));
    expect(calm.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('keeps at most 10 sockets per member: the 11th replaces the oldest, which is closed with 4009', async () => {
    const member = await createMember(app);
    const opened: TestSocket[] = [];
    for (let index = 0; index < 10; index += 1) opened.push(await open(member));
    const closed = new Promise<number>((resolve) => opened[0]!.socket.once('close', (code) => resolve(code)));
    const eleventh = await open(member);
    expect(await closed).toBe(4009);
    expect([...opened.slice(1), eleventh].every((each) => each.socket.readyState === WebSocket.OPEN)).toBe(true);
    // Two more: the next oldest go, ten stay.
    const closedToo = new Promise<number>((resolve) => opened[1]!.socket.once('close', (code) => resolve(code)));
    await open(member);
    expect(await closedToo).toBe(4009);
    expect(opened[2]!.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("says hello with the member's version and unread total, then delivers messages, typing and read marks live", async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const bobSocket = await open(bob);
    expect(bobSocket.events[0]).toMatchObject({ type: 'hello', profile_id: bob.profileId, unread_total: 0 });
    const aliceSocket = await open(alice);

    const sent = (await send(alice.client, bob.profileId, 'live hello')).json();
    const arrived = await bobSocket.next((event) => event.type === 'message');
    expect(arrived).toMatchObject({
      type: 'message',
      partner_id: alice.profileId,
      message: { body: 'live hello', is_mine: false, seq: 1 },
    });
    expect(await bobSocket.next((event) => event.type === 'unread')).toEqual({ type: 'unread', unread_total: 1 });
    // The sender's other tabs hear of it too, as their own message.
    expect(await aliceSocket.next((event) => event.type === 'message')).toMatchObject({
      message: { is_mine: true, id: sent.message.id },
    });

    bobSocket.socket.send(JSON.stringify({ type: 'typing', conversation_id: sent.conversation.id }));
    expect(await aliceSocket.next((event) => event.type === 'typing')).toEqual({
      type: 'typing',
      conversation_id: sent.conversation.id,
      profile_id: bob.profileId,
    });

    const opened = (
      await bob.client.request({ url: `/api/chat.php?conversation=${sent.conversation.id}` })
    ).json<ChatResponse>();
    expect(opened.messages).toHaveLength(1);
    expect(await aliceSocket.next((event) => event.type === 'read')).toMatchObject({
      conversation_id: sent.conversation.id,
      reader_id: bob.profileId,
      seq: 1,
    });
    expect(await bobSocket.next((event) => event.type === 'unread' && event.unread_total === 0)).toBeTruthy();
  });

  it("counts a send's unread total as chats.php does: no conversation with a member blocked either way", async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const carol = await createMember(app);
    const dave = await createMember(app);
    for (const text of ['one', 'two']) expect((await send(carol.client, bob.profileId, text)).statusCode).toBe(200);
    expect((await send(dave.client, bob.profileId)).statusCode).toBe(200);
    // Bob blocks Carol, and Dave blocks Bob: neither conversation's unread messages count for Bob any more.
    await bob.client.request({ method: 'POST', url: '/api/block.php', payload: { id: carol.profileId } });
    await dave.client.request({ method: 'POST', url: '/api/block.php', payload: { id: bob.profileId } });
    const bobSocket = await open(bob);
    expect(bobSocket.events[0]).toMatchObject({ type: 'hello', unread_total: 0 });

    expect((await send(alice.client, bob.profileId)).statusCode).toBe(200);
    expect(await bobSocket.next((event) => event.type === 'unread')).toEqual({ type: 'unread', unread_total: 1 });
    expect((await bob.client.request({ url: '/api/chats.php' })).json()).toMatchObject({ unread_total: 1 });
  });

  it("ignores typing for a conversation that is not the member's, and malformed client events", async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const eve = await createMember(app);
    const conversation = (await send(alice.client, bob.profileId)).json().conversation.id;
    const bobSocket = await open(bob);
    const eveSocket = await open(eve);
    eveSocket.socket.send(JSON.stringify({ type: 'typing', conversation_id: conversation }));
    eveSocket.socket.send('not json');
    eveSocket.socket.send(JSON.stringify({ type: 'typing', conversation_id: 'x' }));
    await nothingMoreOnTheWay({ ...eve, socket: eveSocket }, { ...bob, socket: bobSocket });
    expect(bobSocket.events.filter((event) => event.type === 'typing')).toEqual([]);
    expect(eveSocket.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('tells the liked member at once, and both members of a new match', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const aliceSocket = await open(alice);
    const bobSocket = await open(bob);
    await alice.client.request({ method: 'POST', url: '/api/like.php', payload: { id: bob.profileId } });
    expect(await bobSocket.next((event) => event.type === 'like')).toEqual({
      type: 'like',
      profile_id: alice.profileId,
      is_match: false,
    });
    await bob.client.request({ method: 'POST', url: '/api/like.php', payload: { id: alice.profileId } });
    expect(await aliceSocket.next((event) => event.type === 'like')).toEqual({
      type: 'like',
      profile_id: bob.profileId,
      is_match: true,
    });
  });

  it("closes the member's sockets when the session ends, and a dead session cannot connect again", async () => {
    const alice = await createMember(app);
    const aliceSocket = await open(alice);
    const cookie = alice.client.cookie;
    const closed = new Promise<number>((resolve) => aliceSocket.socket.once('close', (code) => resolve(code)));
    await alice.client.request({ url: '/api/logout.php' });
    expect(await closed).toBe(CLOSE_SESSION_CHANGED);
    await expect(connect(host, cookie)).rejects.toThrow(/refused: 403/);
  });

  it("tells the member's sockets when credits change", async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const aliceSocket = await open(alice);
    // A send's own event carries the balance after it (the member view is patched, not reloaded).
    const sent = await send(alice.client, bob.profileId);
    const credits = await getBalance(app.db, alice.user.id);
    expect(sent.json()).toMatchObject({ credits });
    await aliceSocket.next((event) => event.type === 'message' && event.message.is_mine && event.credits === credits);
    const view = await alice.client.request({ method: 'GET', url: '/api/user.php' });
    expect(view.json()).toMatchObject({ user: { credits } });
    // Any other change of the balance (a purchase, staff) tells the member's sockets to read the view again.
    await postLedgerEntry(app.db, {
      userId: alice.user.id,
      amount: 5,
      reason: 'bonus',
      idempotencyKey: `test:socket:${alice.user.id}`,
    });
    await app.memberEvents.changed(alice.user.id);
    await aliceSocket.next((event) => event.type === 'member_changed');
    expect((await alice.client.request({ method: 'GET', url: '/api/user.php' })).json()).toMatchObject({
      user: { credits: credits + 5 },
    });
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)(
  'member sockets on two instances sharing one database and one Redis (runs when REDIS_URL is set)',
  () => {
    let first: TestApp;
    let second: TestApp;
    let firstHost: string;
    let secondHost: string;
    const sockets: WebSocket[] = [];
    beforeAll(async () => {
      first = await buildTestApp();
      second = await buildTestApp({ redisKeyPrefix: first.appConfig.redisKeyPrefix });
      firstHost = await listen(first);
      secondHost = await listen(second);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.terminate();
      await second.close();
      await first.close();
    });

    it('delivers a message sent through one instance to a socket on the other within a second, and catch-up after a reconnect yields every message once', async () => {
      const alice = await createMember(first);
      const bob = await createMember(first);
      await postLedgerEntry(first.db, {
        userId: alice.user.id,
        amount: 1000,
        reason: 'bonus',
        idempotencyKey: `test:two:${alice.user.id}`,
      });
      const bobOnSecond = await connect(secondHost, bob.client.cookie);
      sockets.push(bobOnSecond.socket);
      await bobOnSecond.next((event) => event.type === 'hello');

      const started = performance.now();
      const sent = (await send(alice.client, bob.profileId, 'across instances')).json();
      const arrived = await bobOnSecond.next((event) => event.type === 'message', 1000);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(arrived).toMatchObject({ message: { body: 'across instances', seq: 1 } });
      const conversation = sent.conversation.id as number;

      // The receiving socket drops; messages sent meanwhile are caught up from the last sequence held, once each.
      bobOnSecond.socket.terminate();
      for (let index = 2; index <= 6; index += 1) await send(alice.client, bob.profileId, `while away ${index}`);
      const reconnected = await connect(secondHost, bob.client.cookie);
      sockets.push(reconnected.socket);
      const hello = await reconnected.next((event) => event.type === 'hello');
      expect(hello).toMatchObject({ unread_total: 6 });
      const bobOnSecondHttp = { ...bob.client };
      const caughtUp = (
        await second.inject({
          url: `/api/chat.php?conversation=${conversation}&after=1`,
          cookies: { [SESSION_COOKIE]: bobOnSecondHttp.cookie! },
        })
      ).json<ChatResponse>();
      expect(caughtUp.messages.map((message) => message.seq)).toEqual([2, 3, 4, 5, 6]);
      expect(new Set(caughtUp.messages.map((message) => message.id)).size).toBe(5);

      // And live again after the reconnect, through the other instance.
      await send(alice.client, bob.profileId, 'back live');
      expect(await reconnected.next((event) => event.type === 'message', 1000)).toMatchObject({
        message: { body: 'back live', seq: 7 },
      });
      void firstHost;
    });

    it('tells an instance only the realtime events of the members connected to it (slot channels)', async () => {
      const [alice, bob, carol] = await Promise.all([createMember(first), createMember(first), createMember(first)]);
      await postLedgerEntry(first.db, {
        userId: alice.user.id,
        amount: 1000,
        reason: 'bonus',
        idempotencyKey: `test:slots:${alice.user.id}`,
      });
      const heardOnSecond: number[] = [];
      const stop = second.bus.subscribe('realtime', ({ profileIds }) => heardOnSecond.push(...profileIds));
      try {
        const bobOnFirst = await connect(firstHost, bob.client.cookie);
        sockets.push(bobOnFirst.socket);
        await bobOnFirst.next((event) => event.type === 'hello');
        await send(alice.client, bob.profileId, 'heard on the first only');
        await bobOnFirst.next((event) => event.type === 'message');
        const carolOnSecond = await connect(secondHost, carol.client.cookie);
        sockets.push(carolOnSecond.socket);
        await carolOnSecond.next((event) => event.type === 'hello');
        await send(alice.client, carol.profileId, 'heard on the second');
        await carolOnSecond.next((event) => event.type === 'message');
        // Once carol's last socket there closed, the second instance leaves her slot.
        carolOnSecond.socket.close();
        await new Promise((resolve) => carolOnSecond.socket.once('close', resolve));
        await new Promise((resolve) => setTimeout(resolve, 50));
        const heardBefore = heardOnSecond.length;
        expect((await send(alice.client, carol.profileId, 'nobody listens on the second')).statusCode).toBe(200);
        expect((await send(alice.client, bob.profileId, 'one more for bob')).statusCode).toBe(200);
        await bobOnFirst.next((event) => event.type === 'message' && event.message.body === 'one more for bob');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(heardBefore).toBeGreaterThan(0);
        expect(heardOnSecond.length).toBe(heardBefore);
        expect(new Set(heardOnSecond)).toEqual(new Set([carol.profileId]));
      } finally {
        stop();
      }
    });
  },
);
