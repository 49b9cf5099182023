// Test helpers for notifications: a moving clock, messages and likes through the API, notification mails with their
// headers, and a member socket that can say which conversation it shows.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH } from '@app/contracts';
import type { TestApp } from './test-app.ts';
import { SESSION_COOKIE, mailsTo, type Client, type DevMail } from './accounts.ts';
import { postLedgerEntry } from '../modules/credits/index.ts';
import type { TestMember } from './members.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The app's clock, moved by the test; jobs run at the clock's time. */
export function controlClock(app: TestApp, start = new Date()) {
  let current = start.getTime();
  const spy = vi.spyOn(app.clock, 'now').mockImplementation(() => new Date(current));
  return {
    now: () => new Date(current),
    /** Moves the clock `ms` on and runs every job due by then. */
    async advance(ms: number): Promise<void> {
      current += ms;
      await app.jobs.runDueJobs();
    },
    set(at: Date) {
      current = at.getTime();
    },
    restore: () => spy.mockRestore(),
  };
}

export async function giveCredits(app: TestApp, member: TestMember, amount = 1000): Promise<void> {
  await postLedgerEntry(app.db, {
    userId: member.user.id,
    amount,
    reason: 'bonus',
    idempotencyKey: `test:notifications:${member.user.id}:${randomUUID()}`,
  });
}

export async function sendMessage(
  client: Client,
  to: number,
  text = 'Hello there',
): Promise<{ conversationId: number; seq: number }> {
  const response = await client.request({
    method: 'POST',
    url: '/api/message.php',
    payload: { to, client_id: randomUUID(), text },
  });
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ conversation: { id: number }; message: { seq: number } }>();
  return { conversationId: body.conversation.id, seq: body.message.seq };
}

export async function like(client: Client, profileId: number) {
  const response = await client.request({ method: 'POST', url: '/api/like.php', payload: { id: profileId } });
  if (response.statusCode !== 200) throw new Error(`like failed: ${response.statusCode} ${response.body}`);
  return response.json<{ is_match: boolean }>();
}

export type NotificationMail = DevMail & { headers: Record<string, string> };

/** The notification mails to an address, newest first (account mails left out). */
export async function notificationMails(app: TestApp, email: string): Promise<NotificationMail[]> {
  return (await mailsTo(app, email)).filter((mail) => mail.template.startsWith('notifications.')) as NotificationMail[];
}

/** The token of a mail's List-Unsubscribe link. */
export function unsubscribeTokenOf(mail: NotificationMail): string {
  const url = /^<([^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe header in ${JSON.stringify(mail.headers)}`);
  return new URL(url).searchParams.get('token')!;
}

export async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `127.0.0.1:${port}`;
}

/** A member socket, open once the server said hello; `view` says which conversation the page shows. */
export function openSocket(
  host: string,
  member: TestMember,
): Promise<{ socket: WebSocket; view: (conversationId: number | null) => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}${CHAT_SOCKET_PATH}`, {
      headers: { origin: `http://${host}`, cookie: `${SESSION_COOKIE}=${member.client.cookie}` },
    });
    const view = async (conversationId: number | null) => {
      socket.send(JSON.stringify({ type: 'viewing', conversation_id: conversationId }));
      // The server handles it in order with a ping: its pong means the viewing mark is set.
      await new Promise<void>((done) => {
        const onMessage = (data: WebSocket.RawData) => {
          if (JSON.parse(String(data)).type !== 'pong') return;
          socket.off('message', onMessage);
          done();
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ type: 'ping' }));
      });
    };
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'hello') resolve({ socket, view });
    });
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}
