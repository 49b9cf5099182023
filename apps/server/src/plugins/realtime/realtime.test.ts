import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { FakeSocket } from '../../test-support/fake-socket.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CLOSE_SESSION_CHANGED, CLOSE_TOO_SLOW, MAX_BUFFERED_BYTES } from './realtime.plugin.ts';

describe('member sockets hub', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('delivers to every socket of the profile, and to no one else', async () => {
    const mine = [new FakeSocket(), new FakeSocket()];
    const other = new FakeSocket();
    for (const socket of mine)
      await app.realtime.accept(
        socket as unknown as WebSocket,
        { userId: 1, profileId: 10, sessionId: 1 },
        () => undefined,
      );
    await app.realtime.accept(
      other as unknown as WebSocket,
      { userId: 2, profileId: 20, sessionId: 2 },
      () => undefined,
    );
    await app.realtime.publish([10], { type: 'unread', unread_total: 3 });
    // A later event for the other profile: the bus delivers in order, so once it arrived the first one was handled.
    await app.realtime.publish([20], { type: 'unread', unread_total: 9 });
    await vi.waitFor(() => expect(other.sent).not.toEqual([]));
    for (const socket of mine)
      expect(socket.sent.map((data) => JSON.parse(data))).toEqual([{ type: 'unread', unread_total: 3 }]);
    expect(other.sent.map((data) => JSON.parse(data))).toEqual([{ type: 'unread', unread_total: 9 }]);
    expect(app.realtime.isConnectedHere(10)).toBe(true);
    for (const socket of [...mine, other]) socket.terminate();
    expect(app.realtime.isConnectedHere(10)).toBe(false);
  });

  it('drops a client whose unsent data passed the bound instead of buffering more', async () => {
    const slow = new FakeSocket();
    await app.realtime.accept(
      slow as unknown as WebSocket,
      { userId: 3, profileId: 30, sessionId: 3 },
      () => undefined,
    );
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    await app.realtime.publish([30], { type: 'unread', unread_total: 1 });
    await vi.waitFor(() => expect(slow.closedWith).toBe(CLOSE_TOO_SLOW));
    expect(slow.sent).toEqual([]);
    expect(app.realtime.isConnectedHere(30)).toBe(false);
  });

  it("closes a member's sockets when their sessions are revoked, and passes only valid client events on", async () => {
    const socket = new FakeSocket();
    const received: unknown[] = [];
    await app.realtime.accept(socket as unknown as WebSocket, { userId: 4, profileId: 40, sessionId: 4 }, (event) =>
      received.push(event),
    );
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'typing', conversation_id: 7 })), false);
    socket.emit('message', Buffer.from('{not json'), false);
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'typing', conversation_id: -1 })), false);
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'ping' })), false);
    expect(received).toEqual([{ type: 'typing', conversation_id: 7 }]);
    expect(socket.sent.map((data) => JSON.parse(data))).toEqual([{ type: 'pong' }]);
    await app.memberEvents.revoked(4);
    await vi.waitFor(() => expect(socket.closedWith).toBe(CLOSE_SESSION_CHANGED));
    // The tab hears why first: not banned here, so it only asks user.php whether its own session still holds.
    expect(JSON.parse(socket.sent.at(-1)!)).toEqual({ type: 'session_ended', ban_reason: null });
  });

  it("tells a banned member's tabs the ban category before closing their sockets", async () => {
    const socket = new FakeSocket();
    await app.realtime.accept(
      socket as unknown as WebSocket,
      { userId: 5, profileId: 50, sessionId: 5 },
      () => undefined,
    );
    await app.memberEvents.revoked(5, { banReason: 'harassment' });
    await vi.waitFor(() => expect(socket.closedWith).toBe(CLOSE_SESSION_CHANGED));
    expect(socket.sent.map((data) => JSON.parse(data))).toEqual([{ type: 'session_ended', ban_reason: 'harassment' }]);
  });
});
