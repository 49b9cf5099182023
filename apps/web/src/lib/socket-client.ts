// The member socket (chat, likes badge): one WebSocket per tab, an explicit state machine (idle, connecting, live,
// offline) with reconnects and backoff, a keep-alive ping, and listeners for the server's events. The database is the
// source of truth: listeners catch up after every `hello` (the first event of each connection), so nothing is missed.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { SocketClientEvent, SocketServerEvent } from '@app/contracts';

/** The socket path (CHAT_SOCKET_PATH in the contracts, kept here so the navigation's chunk holds no zod). */
export const SOCKET_PATH = '/api/socket';
/**
 * Close codes after which reconnecting at once would only repeat the problem (docs/chat.md): 4008 the socket sent
 * faster than the server allows, 4009 the member opened more sockets than allowed and this, the oldest, was replaced.
 * The client waits `policyDelayMs` instead of the usual backoff.
 */
export const CLOSE_POLICY_VIOLATION = 4008;
export const CLOSE_REPLACED = 4009;
const SLOW_RECONNECT_CODES: ReadonlySet<number> = new Set([CLOSE_POLICY_VIOLATION, CLOSE_REPLACED]);

/**
 * `idle`: not wanted (a visitor, or no screen asked for it). `connecting`: an attempt is under way. `live`: open.
 * `offline`: the last attempt failed or the connection dropped; the next attempt waits out the backoff.
 */
export type SocketState = 'idle' | 'connecting' | 'live' | 'offline';

export type SocketClientOptions = {
  url?: () => string;
  /** Tests pass a fake. */
  createSocket?: (url: string) => WebSocket;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Sends `{ type: 'ping' }` this often; a connection that answers nothing within pongTimeoutMs is dropped. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** An attempt that has not opened by then is given up. */
  connectTimeoutMs?: number;
  /** 0..1, for the jitter; tests pass () => 0.5 (no jitter). */
  random?: () => number;
  /** The wait after a close with CLOSE_POLICY_VIOLATION or CLOSE_REPLACED (±20 %); default 60 s. */
  policyDelayMs?: number;
};

type EventListener = (event: SocketServerEvent) => void;
type StateListener = (state: SocketState) => void;

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
}

/** The reconnect delay after `attempt` failed attempts in a row: 1 s, 2 s, 4 s ... 30 s, each ±20 %. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

const isServerEvent = (value: unknown): value is SocketServerEvent =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

export class SocketClient {
  private socket: WebSocket | null = null;
  private currentState: SocketState = 'idle';
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly eventListeners = new Set<EventListener>();
  private readonly stateListeners = new Set<StateListener>();
  private readonly options: Required<SocketClientOptions>;
  private nextRetryAt: number | null = null;
  /** Waiting out a close with CLOSE_POLICY_VIOLATION or CLOSE_REPLACED. */
  private isPolicyWait = false;

  constructor(options: SocketClientOptions = {}) {
    this.options = {
      url: options.url ?? (() => socketUrl()),
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      pingIntervalMs: options.pingIntervalMs ?? 25_000,
      pongTimeoutMs: options.pongTimeoutMs ?? 10_000,
      connectTimeoutMs: options.connectTimeoutMs ?? 15_000,
      random: options.random ?? Math.random,
      policyDelayMs: options.policyDelayMs ?? 60_000,
    };
  }

  get state(): SocketState {
    return this.currentState;
  }

  /** When the next attempt starts (while offline), for the "reconnecting" hint. */
  get retryAt(): number | null {
    return this.nextRetryAt;
  }

  /** Wanted: connects unless a connection or an attempt already exists. */
  start(): void {
    if (this.currentState === 'idle') this.connect();
  }

  /** Not wanted any more (logout, no screen needs it): closes and stops reconnecting. */
  stop(): void {
    this.clearTimers();
    this.failures = 0;
    const socket = this.socket;
    this.socket = null;
    if (socket) this.detach(socket);
    this.setState('idle');
  }

  /**
   * Reconnects now instead of waiting out the backoff (the browser went online, the tab became visible); not after
   * a policy close, whose wait is the point.
   */
  reconnectNow(): void {
    if (this.currentState !== 'offline' || this.isPolicyWait) return;
    this.failures = 0;
    this.connect();
  }

  /**
   * The browser says it lost the network: the connection is gone now, not at the next missed ping (up to a minute of
   * "Live" that was not true). Reconnects when the browser is back online (`reconnectNow`).
   */
  wentOffline(): void {
    if (this.currentState !== 'live' && this.currentState !== 'connecting') return;
    const socket = this.socket;
    if (socket) this.drop(socket);
    else this.scheduleRetry();
  }

  /** Sends a client event when live; answers whether it was sent. */
  send(event: SocketClientEvent): boolean {
    if (this.currentState !== 'live' || !this.socket) return false;
    try {
      this.socket.send(JSON.stringify(event));
      return true;
    } catch {
      return false;
    }
  }

  subscribe(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onStateChange(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setState(state: SocketState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.retryTimer = this.pingTimer = this.pongTimer = this.connectTimer = null;
    this.nextRetryAt = null;
    this.isPolicyWait = false;
  }

  private detach(socket: WebSocket): void {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private connect(): void {
    this.clearTimers();
    if (this.socket) this.detach(this.socket);
    this.setState('connecting');
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.socket = null;
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => this.drop(socket), this.options.connectTimeoutMs);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.failures = 0;
      this.setState('live');
      this.pingTimer = setInterval(() => this.ping(socket), this.options.pingIntervalMs);
    };
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket !== socket) return;
      // Anything from the server proves the connection is alive.
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (!isServerEvent(data)) return;
      for (const listener of [...this.eventListeners]) {
        try {
          listener(data);
        } catch (error) {
          console.error(error);
        }
      }
    };
    socket.onerror = () => {
      if (this.socket === socket) this.drop(socket);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket === socket) this.drop(socket, event.code);
    };
  }

  private ping(socket: WebSocket): void {
    if (this.socket !== socket || this.pongTimer) return;
    if (!this.send({ type: 'ping' })) return;
    this.pongTimer = setTimeout(() => this.drop(socket), this.options.pongTimeoutMs);
  }

  /** The connection (or attempt) is gone: offline, and the next attempt after the backoff (longer after some close codes). */
  private drop(socket: WebSocket, closeCode?: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.detach(socket);
    this.scheduleRetry(closeCode !== undefined && SLOW_RECONNECT_CODES.has(closeCode));
  }

  private scheduleRetry(isPolicyClose = false): void {
    this.clearTimers();
    const delay = isPolicyClose
      ? Math.round(this.options.policyDelayMs * (0.8 + 0.4 * this.options.random()))
      : backoffDelay(this.failures, this.options.baseDelayMs, this.options.maxDelayMs, this.options.random);
    this.failures += 1;
    this.nextRetryAt = Date.now() + delay;
    this.isPolicyWait = isPolicyClose;
    this.setState('offline');
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }
}

// ---------------------------------------------------------------------------------------------
// The app's one client, its state for React, and the hooks screens use
// ---------------------------------------------------------------------------------------------

const useSocketStore = create<{ state: SocketState }>()(() => ({ state: 'idle' }));

let client: SocketClient | null = null;
let users = 0;
let releaseBrowserHooks: (() => void) | null = null;

export function getSocketClient(): SocketClient {
  if (!client) {
    client = new SocketClient();
    client.onStateChange((state) => useSocketStore.setState({ state }));
  }
  return client;
}

/** Tests: a fresh client (built with `options`) instead of the app's. */
export function resetSocketClient(options?: SocketClientOptions): SocketClient {
  client?.stop();
  releaseBrowserHooks?.();
  releaseBrowserHooks = null;
  users = 0;
  client = new SocketClient(options);
  client.onStateChange((state) => useSocketStore.setState({ state }));
  useSocketStore.setState({ state: 'idle' });
  return client;
}

function watchBrowser(socket: SocketClient): () => void {
  const onOnline = () => socket.reconnectNow();
  const onOffline = () => socket.wentOffline();
  const onVisible = () => {
    if (document.visibilityState === 'visible') socket.reconnectNow();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Holds the connection open while the caller is mounted with a `member` (the logged-in profile id; null for a visitor);
 * the last release closes it. Another member (a login over a session) reconnects with the new session cookie.
 */
export function useSocketConnection(member: number | null): void {
  useEffect(() => {
    if (member === null) return;
    const socket = getSocketClient();
    users += 1;
    if (users === 1) releaseBrowserHooks = watchBrowser(socket);
    socket.start();
    return () => {
      users -= 1;
      if (users > 0) return;
      releaseBrowserHooks?.();
      releaseBrowserHooks = null;
      socket.stop();
    };
  }, [member]);
}

/** The connection state, for the chat's "live / connecting / offline" hint and the fallback polling. */
export function useSocketState(): SocketState {
  return useSocketStore((store) => store.state);
}

export function getSocketState(): SocketState {
  return useSocketStore.getState().state;
}

/** Calls `handler` for every server event of `type` while mounted (e.g. `like` refreshes the likes badge). */
export function useSocketEvent<T extends SocketServerEvent['type']>(
  type: T,
  handler: (event: Extract<SocketServerEvent, { type: T }>) => void,
): void {
  useEffect(
    () =>
      getSocketClient().subscribe((event) => {
        if (event.type === type) handler(event as Extract<SocketServerEvent, { type: T }>);
      }),
    [type, handler],
  );
}

/** Sends a client event when the socket is live; answers whether it went out. */
export function sendSocketEvent(event: SocketClientEvent): boolean {
  return getSocketClient().send(event);
}
