// `app.realtime`: the member sockets of this instance and delivery to them from the event bus, so an event published on
// any instance reaches the member's sockets wherever they are connected. Features record socket events in their
// transaction (outbox event `realtime`, docs/event-bus.md); this plugin delivers them after the commit.
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { FastifyRequest } from 'fastify';
import { socketClientEventSchema, type SocketClientEvent, type SocketServerEvent } from '@app/contracts';
import { createTokenBucket, type TokenBucket } from '../../lib/token-bucket.ts';
import { createLocalPresence, createRedisPresence, type PresenceEntry } from './presence.ts';

/** A connection whose unsent data grows past this is too slow to keep up: it is dropped and catches up on reconnect. */
export const MAX_BUFFERED_BYTES = 512 * 1024;
/** Pings this often; a socket that has not answered the previous ping by then is terminated. */
export const HEARTBEAT_MS = 30_000;
/** Close codes the client understands: reconnect (and re-authenticate) after a session change, or after being too slow. */
export const CLOSE_SESSION_CHANGED = 4001;
export const CLOSE_TOO_SLOW = 4002;
/**
 * Policy violation (the 4xxx mirror of 1008): the socket kept sending faster than FRAME_RATE allows. The web client
 * waits about a minute before it reconnects (docs/chat.md), so a flooding page cannot reconnect and flood at once.
 */
export const CLOSE_POLICY_VIOLATION = 4008;
/** Replaced: the member opened more than MAX_SOCKETS_PER_MEMBER sockets; the oldest is closed and does not reconnect at once. */
export const CLOSE_REPLACED = 4009;
/** Service restart (RFC 6455): the instance is draining; the client reconnects after its usual back-off, elsewhere. */
export const CLOSE_SERVICE_RESTART = 1012;
/** The bus is down (Redis unreachable): the client polls and reconnects after its back-off (RFC 6455 "Try Again Later"). */
export const CLOSE_TRY_AGAIN_LATER = 1013;
const MAX_CLIENT_MESSAGE_BYTES = 4096;
/** Sockets one member (user) may hold on one instance: more tabs than a person uses; a script opening thousands gets 10. */
export const MAX_SOCKETS_PER_MEMBER = 10;
/**
 * Inbound frames per socket: a burst of `burst`, then `perSecond`. The web client sends a ping every 25 s, a typing
 * hint at most every few seconds and a viewing mark per navigation; frames beyond the rate are dropped unread.
 */
/** A drain closes a share of the sockets every this many milliseconds. */
const DRAIN_SLICE_MS = 100;
export const FRAME_RATE = { burst: 30, perSecond: 5 };
/** Frames over the rate a socket may send (refilled at 1 per second) before it is closed with CLOSE_POLICY_VIOLATION. */
export const FLOOD_TOLERANCE = 50;
/** A typing hint per socket and conversation is relayed at most this often; the partner's indicator lasts longer. */
export const TYPING_RELAY_MS = 3000;

export type SocketMember = { userId: number; profileId: number; sessionId: number };
type Connection = {
  socket: WebSocket;
  member: SocketMember;
  isAlive: boolean;
  socketId: string;
  viewing: number | null;
  frames: TokenBucket;
  /** Frames over the rate: when it runs dry the socket is closed. */
  tolerance: TokenBucket;
  /** Still counted in the maps and the bus's slot listeners (false once released). */
  isHeld: boolean;
  /** When a typing hint of each conversation was last relayed from this socket. */
  typingRelayedAt: Map<number, number>;
};

export type Realtime = {
  /**
   * Sends `event` to every socket of these profiles on every instance, at once: for hints that follow no commit (typing).
   * What follows a commit is recorded in its transaction instead (`effects.emit('realtime', ...)`, docs/event-bus.md),
   * or delivered by an outbox handler that passes `eventId` (unique per socket event): an instance sends an id once.
   */
  publish(profileIds: number[], event: SocketServerEvent, eventId?: string): Promise<void>;
  /**
   * Takes over an accepted socket: delivery, heartbeats, and client events handed to `onClientEvent`. Resolves once
   * this instance hears the member's events (the bus's slot subscription, docs/chat-scaling.md): send the socket's
   * first state after that, so nothing published in between is missed.
   */
  accept(socket: WebSocket, member: SocketMember, onClientEvent: (event: SocketClientEvent) => void): Promise<void>;
  /** Whether a profile has a live socket on this instance (tests and the notification rules). */
  isConnectedHere(profileId: number): boolean;
  /** Open sockets on this instance. */
  connectionCount(): number;
  /**
   * Closes this instance's sockets as a restart (CLOSE_SERVICE_RESTART), spread evenly over `durationMs` so their
   * reconnects, which land on other instances, do not all come at once; a socket offered meanwhile is closed the same
   * way. Resolves once every socket has been told.
   */
  drain(durationMs: number): Promise<void>;
  /** Whether the profile has a live socket on any instance (presence, docs/notifications.md). */
  isOnline(profileId: number): Promise<boolean>;
  /** Whether a live socket of the profile, on any instance, has this conversation open (the client's `viewing`). */
  isViewing(profileId: number, conversationId: number): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * True when the upgrade request comes from a page of this site (no cross-site WebSocket hijacking): scheme, host and
 * port, not the host alone (an http: page, or another port of the same host, is another origin). Behind a TLS
 * proxy the scheme is the proxy's X-Forwarded-Proto, which Fastify reads with TRUST_PROXY=true.
 */
export function isSameOrigin(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    // URL drops each scheme's default port on both sides, so https://site and https://site:443 are one origin.
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

export const realtimePlugin = fp(
  async (app) => {
    await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
    const byProfile = new Map<number, Set<Connection>>();
    const byUser = new Map<number, Set<Connection>>();
    const presence = app.redis ? createRedisPresence(app.redis, app.redisKeyPrefix) : createLocalPresence();
    const presenceOf = (connection: Connection): PresenceEntry => ({
      profileId: connection.member.profileId,
      socketId: connection.socketId,
      conversationId: connection.viewing,
    });
    const logPresenceError = (error: unknown) => app.log.warn({ err: error }, 'socket presence');

    /** Takes a connection out of the maps, the presence and the bus's slot listeners, once. */
    function release(connection: Connection) {
      if (!connection.isHeld) return;
      connection.isHeld = false;
      remove(byProfile, connection.member.profileId, connection);
      remove(byUser, connection.member.userId, connection);
      presence.remove(presenceOf(connection)).catch(logPresenceError);
      app.bus.unlisten(connection.member.profileId);
    }

    const add = <K>(map: Map<K, Set<Connection>>, key: K, connection: Connection) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(connection);
    };
    const remove = <K>(map: Map<K, Set<Connection>>, key: K, connection: Connection) => {
      const set = map.get(key);
      set?.delete(connection);
      if (set?.size === 0) map.delete(key);
    };

    /** Closes with `code` and, should the client not answer the closing handshake, cuts the connection a second later. */
    function closeSocket(socket: WebSocket, code: number, reason: string) {
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), 1000).unref();
    }

    /** Whether a typing hint from this socket for this conversation is relayed now (one per TYPING_RELAY_MS). */
    function isTypingDue(connection: Connection, conversationId: number): boolean {
      const now = performance.now();
      const last = connection.typingRelayedAt.get(conversationId);
      if (last !== undefined && now - last < TYPING_RELAY_MS) return false;
      // Bounded by what is still within the window: a socket cycling through conversation ids keeps a small map.
      if (connection.typingRelayedAt.size >= 32) {
        for (const [id, at] of connection.typingRelayedAt)
          if (now - at >= TYPING_RELAY_MS) connection.typingRelayedAt.delete(id);
      }
      connection.typingRelayedAt.set(conversationId, now);
      return true;
    }

    function send(connection: Connection, data: string) {
      const { socket } = connection;
      if (socket.readyState !== socket.OPEN) return;
      // The per-connection queue is ws's send buffer: bounded here instead of growing with a client that does not read.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        closeSocket(socket, CLOSE_TOO_SLOW, 'too slow');
        return;
      }
      socket.send(data);
    }

    function deliver(profileIds: number[], event: SocketServerEvent) {
      const data = JSON.stringify(event);
      for (const profileId of profileIds)
        for (const connection of byProfile.get(profileId) ?? []) send(connection, data);
    }

    // The outbox delivers at least once: an event it delivered again (a crash, a retry) reaches no socket twice.
    const sentEventIds = new LRUCache<string, true>({ max: 10_000 });
    const unsubscribers = [
      app.bus.subscribe('realtime', ({ profileIds, event, eventId }) => {
        if (eventId !== undefined) {
          if (sentEventIds.has(eventId)) return;
          sentEventIds.set(eventId, true);
        }
        deliver(profileIds, event);
      }),
      // Recorded in a transaction through `app.outbox` (effects.emit('realtime', ...)), delivered after its commit.
      app.outbox.onDelivery('realtime', async ({ profileIds, event }, { id }) => {
        if (profileIds.length) await app.bus.publish('realtime', { profileIds, event, eventId: id });
      }),
      app.bus.subscribe('member.changed', ({ userId }) => {
        const data = JSON.stringify({ type: 'member_changed' } satisfies SocketServerEvent);
        for (const connection of byUser.get(userId) ?? []) send(connection, data);
      }),
      // A logout or ban anywhere: the member's tabs hear why (a ban sends them to the ban page), then the sockets
      // reconnect, and only a session still valid gets back in.
      app.bus.subscribe('session.revoked', ({ userId, banReason }) => {
        const ended = JSON.stringify({
          type: 'session_ended',
          ban_reason: banReason ?? null,
        } satisfies SocketServerEvent);
        for (const connection of byUser.get(userId) ?? []) {
          send(connection, ended);
          connection.socket.close(CLOSE_SESSION_CHANGED, 'session changed');
        }
      }),
    ];

    // The bus went down: sockets here would miss other instances' events, so their apps go to polling (they reconnect
    // after their back-off, and are let in again once the bus is live).
    unsubscribers.push(
      app.bus.onLost(() => {
        for (const connections of byProfile.values())
          for (const connection of connections)
            closeSocket(connection.socket, CLOSE_TRY_AGAIN_LATER, 'events unavailable');
      }),
    );

    const heartbeat = setInterval(() => {
      const alive: PresenceEntry[] = [];
      for (const connections of byProfile.values()) {
        for (const connection of connections) {
          if (!connection.isAlive) {
            connection.socket.terminate();
            continue;
          }
          connection.isAlive = false;
          connection.socket.ping();
          alive.push(presenceOf(connection));
        }
      }
      presence.refresh(alive).catch(logPresenceError);
    }, HEARTBEAT_MS);
    heartbeat.unref();

    let isDraining = false;
    const realtime: Realtime = {
      async publish(profileIds, event, eventId) {
        if (profileIds.length)
          await app.bus.publish(
            'realtime',
            eventId === undefined ? { profileIds, event } : { profileIds, event, eventId },
          );
      },
      async accept(socket, member, onClientEvent) {
        if (isDraining) {
          closeSocket(socket, CLOSE_SERVICE_RESTART, 'server restarting');
          return;
        }
        // Without the bus (Redis unreachable) a socket would hear only this instance's events: the app polls instead
        // and tries again after its back-off (docs/operations.md, "Redis down").
        if (!app.bus.isLive()) {
          closeSocket(socket, CLOSE_TRY_AGAIN_LATER, 'events unavailable');
          return;
        }
        const connection: Connection = {
          socket,
          member,
          isAlive: true,
          socketId: randomUUID(),
          viewing: null,
          frames: createTokenBucket(FRAME_RATE.burst, FRAME_RATE.perSecond),
          tolerance: createTokenBucket(FLOOD_TOLERANCE, 1),
          typingRelayedAt: new Map(),
          isHeld: true,
        };
        // The member's oldest socket (sets keep insertion order) makes room; it leaves the maps now, not when its
        // close completes, so a burst of new sockets cannot all count as room.
        const own = byUser.get(member.userId);
        while (own && own.size >= MAX_SOCKETS_PER_MEMBER) {
          const oldest = own.values().next().value!;
          release(oldest);
          closeSocket(oldest.socket, CLOSE_REPLACED, 'replaced');
        }
        add(byProfile, member.profileId, connection);
        add(byUser, member.userId, connection);
        presence.set(presenceOf(connection)).catch(logPresenceError);
        const listening = app.bus.listen(member.profileId);
        socket.on('pong', () => (connection.isAlive = true));
        socket.on('message', (data, isBinary) => {
          connection.isAlive = true;
          // Every frame counts, whatever it holds: 30,000 typing frames must not cost 30,000 lookups.
          if (!connection.frames.take()) {
            if (!connection.tolerance.take() && socket.readyState === socket.OPEN)
              closeSocket(socket, CLOSE_POLICY_VIOLATION, 'too many frames');
            return;
          }
          if (isBinary) return;
          let parsed: unknown;
          try {
            parsed = JSON.parse(String(data));
          } catch {
            return;
          }
          const event = socketClientEventSchema.safeParse(parsed);
          if (!event.success) return;
          if (event.data.type === 'ping') {
            send(connection, JSON.stringify({ type: 'pong' }));
            return;
          }
          if (event.data.type === 'viewing') {
            connection.viewing = event.data.conversation_id;
            presence.set(presenceOf(connection)).catch(logPresenceError);
            return;
          }
          if (event.data.type === 'typing' && !isTypingDue(connection, event.data.conversation_id)) return;
          try {
            onClientEvent(event.data);
          } catch (error) {
            app.log.error({ err: error }, 'socket client event');
          }
        });
        socket.on('close', () => release(connection));
        socket.on('error', () => socket.terminate());
        await listening;
      },
      async drain(durationMs) {
        isDraining = true;
        const open = [...byProfile.values()].flatMap((connections) => [...connections]);
        const slices = Math.max(1, Math.min(open.length, Math.floor(durationMs / DRAIN_SLICE_MS)));
        const perSlice = Math.ceil(open.length / slices);
        for (let start = 0; start < open.length; start += perSlice) {
          if (start > 0) await new Promise((resolve) => setTimeout(resolve, durationMs / slices));
          for (const connection of open.slice(start, start + perSlice))
            closeSocket(connection.socket, CLOSE_SERVICE_RESTART, 'server restarting');
        }
      },
      isConnectedHere: (profileId) => (byProfile.get(profileId)?.size ?? 0) > 0,
      connectionCount: () => {
        let count = 0;
        for (const set of byProfile.values()) count += set.size;
        return count;
      },
      isOnline: (profileId) => presence.isOnline(profileId),
      isViewing: (profileId, conversationId) => presence.isViewing(profileId, conversationId),
    };
    app.decorate('realtime', realtime);
    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const connections of byProfile.values())
        for (const connection of connections) connection.socket.close(1001, 'server closing');
    });
  },
  { name: 'realtime', dependencies: ['bus', 'outbox'] },
);
