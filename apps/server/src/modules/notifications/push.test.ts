// Web push end to end: a local HTTPS stand-in push service receives what the server sends, decrypts it (aes128gcm,
// as the web-push project's own tests do) and checks the payload and the VAPID authorization.
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { pushPayloadSchema, type PushPayload } from '@app/contracts';
import { pushSubscriptions, users } from '../../db/schema/index.ts';
import { queuedJobs } from '../../test-support/jobs.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { loadVapidKeys } from '../../plugins/push/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';
import { controlClock, giveCredits, like, listen, openSocket, sendMessage } from '../../test-support/notifications.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures');
const cert = fs.readFileSync(path.join(fixtures, 'push-service.crt'));
const key = fs.readFileSync(path.join(fixtures, 'push-service.key'));

type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The push service stand-in: answers by path (/ok 201, /gone 410, /missing 404, /broken 500) and keeps every request. */
async function startPushService() {
  const received: Received[] = [];
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const status = request.url?.startsWith('/gone')
        ? 410
        : request.url?.startsWith('/missing')
          ? 404
          : request.url?.startsWith('/broken')
            ? 500
            : 201;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager.subscribe makes them. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  };
}

function decrypt(request: Received, subscription: ReturnType<typeof browserSubscription>): PushPayload {
  const plaintext: Buffer = ece.decrypt(request.body, {
    version: 'aes128gcm',
    privateKey: subscription.ecdh,
    authSecret: subscription.auth,
  });
  return pushPayloadSchema.parse(JSON.parse(plaintext.toString('utf8')));
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>`: ES256 signature by that key, audience the push service's origin. */
function checkVapid(request: Received, publicKey: string, audience: string) {
  const header = String(request.headers.authorization);
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, body, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  expect(claims).toMatchObject({ aud: audience, sub: expect.stringMatching(/^(mailto:|https:)/) });
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(isValid).toBe(true);
}

describe('web push', () => {
  let app: TestApp;
  let host: string;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let clock: ReturnType<typeof controlClock> | undefined;
  const sockets: WebSocket[] = [];
  /** The test's DNS: host name -> the one address it answers; every name asked, in order. */
  const dns = new Map<string, string>([['push.example.test', '127.0.0.1']]);
  const resolved: string[] = [];
  beforeAll(async () => {
    service = await startPushService();
    // The stand-in listens on the loopback and a random port, which the real policy refuses (SSRF): this app allows
    // exactly that address and port, and its resolver answers the stand-in for push.example.test only.
    app = await buildTestApp(
      {},
      {
        pushNetwork: {
          tls: { ca: cert },
          resolve: async (hostname) => {
            resolved.push(hostname);
            const address = dns.get(hostname);
            if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
            return [{ address, family: 4 }];
          },
          policy: {
            isAddressAllowed: (address) => address === '127.0.0.1' || isPublicAddress(address),
            ports: [443, service.port],
          },
        },
      },
    );
    host = await listen(app);
  });
  afterEach(() => {
    clock?.restore();
    clock = undefined;
    service.received.length = 0;
    resolved.length = 0;
    dns.set('push.example.test', '127.0.0.1');
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  async function subscribe(member: TestMember, pathName = `/ok/${member.user.id}`) {
    const subscription = browserSubscription(`${service.origin}${pathName}`);
    const response = await member.client.request({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: subscription.json },
    });
    expect(response.statusCode).toBe(200);
    return subscription;
  }

  async function pair() {
    const alice = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    const bob = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    await giveCredits(app, alice);
    return { alice, bob };
  }

  it('keeps one VAPID key pair per installation, created once even by instances starting together, offered as the settings push key', async () => {
    const [first, second] = await Promise.all([loadVapidKeys(app.db), loadVapidKeys(app.db)]);
    expect(first).toEqual(second);
    expect(first.publicKey).toBe(app.push.publicKey);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const settings = (await app.inject({ url: '/api/settings.php' })).json().settings;
    expect(settings.push_public_key).toBe(app.push.publicKey);
  });

  it("pushes a new message through the job queue, encrypted for the browser, in the member's language, with the VAPID authorization", async () => {
    const { alice, bob } = await pair();
    await app.db.update(users).set({ language: 'de' }).where(eq(users.id, bob.user.id));
    const subscription = await subscribe(bob);
    const { conversationId } = await sendMessage(alice.client, bob.profileId);
    // Never inside the request: nothing has reached the push service yet.
    expect(service.received).toEqual([]);
    await app.jobs.runDueJobs();
    expect(service.received).toHaveLength(1);
    const [request] = service.received;
    expect(request!.path).toBe(`/ok/${bob.user.id}`);
    expect(request!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '86400',
      urgency: 'high',
      topic: `c${conversationId}`,
    });
    checkVapid(request!, app.push.publicKey, service.origin);
    expect(decrypt(request!, subscription)).toEqual({
      v: 2,
      type: 'new_conversations',
      title: 'Neue Unterhaltung',
      body: `${alice.name} hat eine Unterhaltung mit dir begonnen.`,
      url: `/chats/${conversationId}`,
      tag: `chat-${conversationId}`,
    });

    await sendMessage(alice.client, bob.profileId, 'second');
    await app.jobs.runDueJobs();
    expect(decrypt(service.received[1]!, subscription)).toMatchObject({
      type: 'new_messages',
      title: 'Neue Nachricht',
      url: `/chats/${conversationId}`,
    });
  });

  it('does not push a message to a member who has that conversation open in a live socket, but does for another conversation', async () => {
    const { alice, bob } = await pair();
    const carol = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    await giveCredits(app, carol);
    await subscribe(bob);
    const { conversationId } = await sendMessage(alice.client, bob.profileId);
    await app.jobs.runDueJobs();
    expect(service.received).toHaveLength(1);

    const socket = await openSocket(host, bob);
    sockets.push(socket.socket);
    await socket.view(conversationId);
    await sendMessage(alice.client, bob.profileId, 'while you look');
    await sendMessage(carol.client, bob.profileId, 'from elsewhere');
    await app.jobs.runDueJobs();
    expect(service.received).toHaveLength(2);
    expect(service.received[1]!.headers.topic).not.toBe(`c${conversationId}`);

    await socket.view(null);
    await sendMessage(alice.client, bob.profileId, 'now you left it');
    await app.jobs.runDueJobs();
    expect(service.received).toHaveLength(3);
    expect(service.received[2]!.headers.topic).toBe(`c${conversationId}`);
  });

  it("pushes a like and a match to the liker's profile, but never announces an invisible member, and respects the push switch", async () => {
    const { alice, bob } = await pair();
    const aliceSubscription = await subscribe(alice);
    const bobSubscription = await subscribe(bob);
    await like(bob.client, alice.profileId);
    await app.jobs.runDueJobs();
    expect(service.received).toHaveLength(1);
    expect(decrypt(service.received[0]!, aliceSubscription)).toMatchObject({
      type: 'like',
      title: 'New like!',
      url: `/members/${bob.profileId}`,
      tag: `like-${bob.profileId}`,
    });

    await like(alice.client, bob.profileId);
    await app.jobs.runDueJobs();
    expect(decrypt(service.received[1]!, bobSubscription)).toMatchObject({
      type: 'like',
      title: "It's a match!",
      url: `/members/${alice.profileId}`,
    });

    const dave = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    await dave.client.request({ method: 'PUT', url: '/api/notifications.php', payload: { invisible: true } });
    await like(dave.client, alice.profileId);
    await alice.client.request({
      method: 'PUT',
      url: '/api/notifications.php',
      payload: { preferences: { new_conversations: { push: false } } },
    });
    const erin = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    await giveCredits(app, erin);
    await sendMessage(erin.client, alice.profileId);
    await app.jobs.runDueJobs();
    expect(service.received).toHaveLength(2);
  });

  it('deletes a subscription the push service answers 404 or 410 for, and retries other failures', async () => {
    const { alice, bob } = await pair();
    const carol = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    await subscribe(bob, '/gone/1');
    await subscribe(bob, '/missing/1');
    await subscribe(carol, '/broken/1');
    clock = controlClock(app);
    await sendMessage(alice.client, bob.profileId);
    await like(alice.client, carol.profileId);
    await clock.advance(0);
    expect(service.received.map((request) => request.path).sort()).toEqual(['/broken/1', '/gone/1', '/missing/1']);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.user.id))).toEqual([]);
    expect((await bob.client.request({ url: '/api/user.php' })).json().user.push_subscribed).toBe(false);

    const sends = await queuedJobs(app.db, { name: 'notifications.push-send' });
    const retried = sends.filter((job) => job.output?.message === 'Received unexpected response code');
    expect(sends.length).toBeGreaterThan(0);
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject({ state: 'retry' });
    // The first retry comes 30 to 60 s later (back-off from 30 s, with pg-boss's jitter).
    await clock.advance(61_000);
    expect(service.received.filter((request) => request.path === '/broken/1')).toHaveLength(2);
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, carol.user.id)),
    ).toHaveLength(1);
  });

  it('connects to the address it checked at send time, never resolving the name again (DNS rebinding)', async () => {
    const { alice, bob } = await pair();
    const origin = `https://push.example.test:${service.port}`;
    const subscription = browserSubscription(`${origin}/ok/pinned`);
    expect(
      (
        await bob.client.request({
          method: 'POST',
          url: '/api/user.php?push=1',
          payload: { subscription: subscription.json },
        })
      ).statusCode,
    ).toBe(200);
    resolved.length = 0;
    await sendMessage(alice.client, bob.profileId);
    await app.jobs.runDueJobs();
    // One resolution by the send's check; the connection used its answer (the system resolver knows no push.example.test).
    expect(resolved).toEqual(['push.example.test']);
    expect(service.received.map((request) => request.path)).toEqual(['/ok/pinned']);
    checkVapid(service.received[0]!, app.push.publicKey, origin);
  });

  it('checks the endpoint again at send time: a name that now resolves to a private address is not connected to and its subscription is deleted', async () => {
    const { alice, bob } = await pair();
    const subscription = browserSubscription(`https://push.example.test:${service.port}/ok/rebound`);
    expect(
      (
        await bob.client.request({
          method: 'POST',
          url: '/api/user.php?push=1',
          payload: { subscription: subscription.json },
        })
      ).statusCode,
    ).toBe(200);
    dns.set('push.example.test', '10.0.0.7');
    await sendMessage(alice.client, bob.profileId);
    await app.jobs.runDueJobs();
    expect(service.received).toEqual([]);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.user.id))).toEqual([]);
    const job = (await queuedJobs(app.db, { name: 'notifications.push-send' })).at(-1);
    expect(job).toMatchObject({ retryCount: 0, state: 'completed' });
  });
});
