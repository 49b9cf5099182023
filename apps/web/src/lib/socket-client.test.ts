// The member socket's state machine: connecting, live, offline with backoff, reconnects, the keep-alive ping, and
// events handed to listeners; a fake WebSocket stands in for the browser's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SOCKET_PATH } from '@app/contracts';
import { SOCKET_PATH, SocketClient, backoffDelay, socketUrl, type SocketState } from './socket-client.ts';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: string[] = [];
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const latest = () => FakeSocket.instances.at(-1)!;

function createClient() {
  const states: SocketState[] = [];
  const client = new SocketClient({
    url: () => 'ws://test/api/socket',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    pingIntervalMs: 25_000,
    pongTimeoutMs: 10_000,
    connectTimeoutMs: 15_000,
    random: () => 0.5,
  });
  client.onStateChange((state) => states.push(state));
  return { client, states };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

describe('socket client', () => {
  it('uses the contract path on the page origin, ws or wss by the page protocol', () => {
    expect(SOCKET_PATH).toBe(CHAT_SOCKET_PATH);
    expect(socketUrl({ protocol: 'https:', host: 'amoria.example' })).toBe('wss://amoria.example/api/socket');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/socket');
  });

  it('goes connecting -> live, hands events to listeners and ignores what is not an event', () => {
    const { client, states } = createClient();
    const events: unknown[] = [];
    client.subscribe((event) => events.push(event));
    client.start();
    expect(client.state).toBe('connecting');
    latest().open();
    expect(client.state).toBe('live');
    latest().receive({ type: 'hello', profile_id: 1, version: 3, unread_total: 2 });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    latest().receive(42);
    expect(events).toEqual([{ type: 'hello', profile_id: 1, version: 3, unread_total: 2 }]);
    expect(states).toEqual(['connecting', 'live']);
  });

  it('reconnects after a drop with doubling backoff, and resets it once live again', () => {
    const { client, states } = createClient();
    client.start();
    latest().open();
    latest().drop();
    expect(client.state).toBe('offline');
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(client.state).toBe('connecting');
    expect(FakeSocket.instances).toHaveLength(2);
    // The attempt fails: the next one waits 2 s, then 4 s ... capped at 8 s.
    latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    latest().drop();
    vi.advanceTimersByTime(4000);
    latest().drop();
    vi.advanceTimersByTime(8000);
    latest().drop();
    vi.advanceTimersByTime(8000);
    expect(FakeSocket.instances).toHaveLength(6);
    latest().open();
    expect(client.state).toBe('live');
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(7);
    expect(states.slice(0, 4)).toEqual(['connecting', 'live', 'offline', 'connecting']);
  });

  it('drops a connection that answers no ping, and one that never opens', () => {
    const { client } = createClient();
    client.start();
    latest().open();
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    // A pong (any message) keeps it.
    latest().receive({ type: 'pong' });
    vi.advanceTimersByTime(10_000);
    expect(client.state).toBe('live');
    vi.advanceTimersByTime(15_000);
    vi.advanceTimersByTime(10_000);
    expect(client.state).toBe('offline');
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(client.state).toBe('connecting');
    vi.advanceTimersByTime(15_000);
    expect(client.state).toBe('offline');
  });

  it('sends client events only while live, reconnects at once when asked, and stops for good', () => {
    const { client } = createClient();
    expect(client.send({ type: 'typing', conversation_id: 4 })).toBe(false);
    client.start();
    expect(client.send({ type: 'typing', conversation_id: 4 })).toBe(false);
    latest().open();
    expect(client.send({ type: 'typing', conversation_id: 4 })).toBe(true);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'typing', conversation_id: 4 })]);
    latest().drop();
    client.reconnectNow();
    expect(client.state).toBe('connecting');
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
    expect(client.state).toBe('idle');
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('waits about a minute, not the backoff, after the server closed for flooding (4008) or replaced the socket (4009)', () => {
    for (const code of [4008, 4009]) {
      FakeSocket.instances = [];
      const { client } = createClient();
      client.start();
      latest().open();
      latest().drop(code);
      expect(client.state).toBe('offline');
      // Neither the usual first retry after 1 s nor the browser's "online" or "visible" reconnects at once.
      vi.advanceTimersByTime(30_000);
      client.reconnectNow();
      expect(FakeSocket.instances).toHaveLength(1);
      vi.advanceTimersByTime(29_999);
      expect(FakeSocket.instances).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(2);
      expect(client.state).toBe('connecting');
      // A failed attempt after it backs off as usual again.
      latest().drop();
      vi.advanceTimersByTime(2000);
      expect(FakeSocket.instances).toHaveLength(3);
      client.stop();
    }
  });

  it('spreads reconnects by ±20 %', () => {
    expect(backoffDelay(0, 1000, 30_000, () => 0)).toBe(800);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1200);
    expect(backoffDelay(10, 1000, 30_000, () => 0.5)).toBe(30_000);
  });
});
