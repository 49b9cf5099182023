// `app.realtime`: the member sockets of this instance and delivery to them from the event bus, so an event published on
// any instance reaches the member's sockets wherever they are connected. Features publish after their commit.
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { FastifyRequest } from 'fastify';
import { socketClientEventSchema, type SocketClientEvent, type SocketServerEvent } from '@app/contracts';
import { createLocalPresence, createRedisPresence, type PresenceEntry } from './presence.ts';

/** A connection whose unsent data grows past this is too slow to keep up: it is dropped and catches up on reconnect. */
export const MAX_BUFFERED_BYTES = 512 * 1024;
/** Pings this often; a socket that has not answered the previous ping by then is terminated. */
export const HEARTBEAT_MS = 30_000;
/** Close codes the client understands: reconnect (and re-authenticate) after a session change, or after being too slow. */
export const CLOSE_SESSION_CHANGED = 4001;
export const CLOSE_TOO_SLOW = 4002;
const MAX_CLIENT_MESSAGE_BYTES = 4096;

export type SocketMember = { userId: number; profileId: number; sessionId: number };
type Connection = { socket: WebSocket; member: SocketMember; isAlive: boolean; socketId: string; viewing: number | null };

export type Realtime = {
  /** Sends `event` to every socket of these profiles on every instance (call after the change committed). */
  publish(profileIds: number[], event: SocketServerEvent): Promise<void>;
  /** Takes over an accepted socket: delivery, heartbeats, and client events handed to `onClientEvent`. */
  accept(socket: WebSocket, member: SocketMember, onClientEvent: (event: SocketClientEvent) => void): void;
  /** Whether a profile has a live socket on this instance (tests and the notification rules). */
  isConnectedHere(profileId: number): boolean;
  /** Open sockets on this instance. */
  connectionCount(): number;
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

/** True when the upgrade request comes from a page of this site (no cross-site WebSocket hijacking). */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.headers.host;
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
    const presenceOf = (connection: Connection): PresenceEntry => ({ profileId: connection.member.profileId, socketId: connection.socketId, conversationId: connection.viewing });
    const logPresenceError = (error: unknown) => app.log.warn({ err: error }, 'socket presence');

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

    function send(connection: Connection, data: string) {
      const { socket } = connection;
      if (socket.readyState !== socket.OPEN) return;
      // The per-connection queue is ws's send buffer: bounded here instead of growing with a client that does not read.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.close(CLOSE_TOO_SLOW, 'too slow');
        setTimeout(() => socket.terminate(), 1000).unref();
        return;
      }
      socket.send(data);
    }

    function deliver(profileIds: number[], event: SocketServerEvent) {
      const data = JSON.stringify(event);
      for (const profileId of profileIds) for (const connection of byProfile.get(profileId) ?? []) send(connection, data);
    }

    const unsubscribers = [
      app.bus.subscribe('realtime', ({ profileIds, event }) => deliver(profileIds, event)),
      app.bus.subscribe('member.changed', ({ userId }) => {
        const data = JSON.stringify({ type: 'member_changed' } satisfies SocketServerEvent);
        for (const connection of byUser.get(userId) ?? []) send(connection, data);
      }),
      // A logout or ban anywhere: the member's tabs hear why (a ban sends them to the ban page), then the sockets
      // reconnect, and only a session still valid gets back in.
      app.bus.subscribe('session.revoked', ({ userId, banReason }) => {
        const ended = JSON.stringify({ type: 'session_ended', ban_reason: banReason ?? null } satisfies SocketServerEvent);
        for (const connection of byUser.get(userId) ?? []) {
          send(connection, ended);
          connection.socket.close(CLOSE_SESSION_CHANGED, 'session changed');
        }
      }),
    ];

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

    const realtime: Realtime = {
      async publish(profileIds, event) {
        if (profileIds.length) await app.bus.publish('realtime', { profileIds, event });
      },
      accept(socket, member, onClientEvent) {
        const connection: Connection = { socket, member, isAlive: true, socketId: randomUUID(), viewing: null };
        add(byProfile, member.profileId, connection);
        add(byUser, member.userId, connection);
        presence.set(presenceOf(connection)).catch(logPresenceError);
        socket.on('pong', () => (connection.isAlive = true));
        socket.on('message', (data, isBinary) => {
          connection.isAlive = true;
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
          try {
            onClientEvent(event.data);
          } catch (error) {
            app.log.error({ err: error }, 'socket client event');
          }
        });
        socket.on('close', () => {
          remove(byProfile, member.profileId, connection);
          remove(byUser, member.userId, connection);
          presence.remove(presenceOf(connection)).catch(logPresenceError);
        });
        socket.on('error', () => socket.terminate());
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
      for (const connections of byProfile.values()) for (const connection of connections) connection.socket.close(1001, 'server closing');
    });
  },
  { name: 'realtime', dependencies: ['bus'] },
);
