// Push endpoints are hosts the server connects to on a member's say-so (SSRF): only https on port 443 to public
// addresses, checked when saved and again at every send; at most 10 subscriptions per member (docs/notifications.md).
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';

/** The test's DNS: what each host name answers (the system resolver is never asked). */
const dns = new Map<string, string[]>([
  ['fcm.example.com', ['142.250.74.42', '2a00:1450:4007:80e::200a']],
  ['metadata.example.com', ['169.254.169.254']],
  ['intranet.example.com', ['10.1.2.3']],
  ['half.example.com', ['93.184.215.14', '127.0.0.1']],
  ['cgnat.example.com', ['100.64.3.4']],
  ['ula.example.com', ['fd12:3456:789a::1']],
  ['mapped.example.com', ['::ffff:192.168.1.1']],
]);

function keys() {
  return { p256dh: `B${randomBytes(32).toString('base64url')}`, auth: randomBytes(16).toString('base64url') };
}

describe('push endpoints', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        pushNetwork: {
          resolve: async (hostname) => {
            const addresses = dns.get(hostname);
            if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
            return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          },
        },
      },
    );
  });
  afterAll(() => app.close());

  const subscribe = (member: TestMember, endpoint: string) =>
    member.client.request({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: { endpoint, expirationTime: null, keys: keys() } },
    });

  it('classifies addresses: only public unicast is allowed', () => {
    for (const address of ['142.250.74.42', '93.184.215.14', '2a00:1450:4007:80e::200a'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '198.18.0.1',
      '::1',
      '::',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2002:a00:1::1',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses to save an endpoint that is not https on 443 to a public host, with a translated field error', async () => {
    const member = await createMember(app);
    const refused = [
      'http://fcm.example.com/send/1',
      'https://fcm.example.com:300/send/1',
      'https://fcm.example.com:8443/send/1',
      'https://user:secret@fcm.example.com/send/1',
      'https://127.0.0.1/send/1',
      'https://127.1/send/1',
      'https://2130706433/send/1',
      'https://10.0.0.1/send/1',
      'https://192.168.0.10/send/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/send/1',
      'https://[::1]/send/1',
      'https://[fd00::1]/send/1',
      'https://[fe80::1]/send/1',
      'https://[::ffff:127.0.0.1]/send/1',
      'https://localhost/send/1',
      'https://push.localhost/send/1',
      'https://metadata/computeMetadata/v1/',
      'https://metadata.example.com/latest/meta-data/',
      'https://intranet.example.com/send/1',
      'https://half.example.com/send/1',
      'https://cgnat.example.com/send/1',
      'https://ula.example.com/send/1',
      'https://mapped.example.com/send/1',
    ];
    // POST user.php allows 20 calls a minute per client: a fresh member every 15 endpoints.
    const members = [member, await createMember(app), await createMember(app)];
    for (const [index, endpoint] of refused.entries()) {
      const response = await subscribe(members[Math.floor(index / 15)]!, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.fields, endpoint).toEqual([
        { path: 'subscription.endpoint', code: 'push_endpoint_refused', message: expect.any(String) },
      ]);
    }
    expect((await subscribe(members[2]!, 'https://10.0.0.1/x')).json().error.fields[0].message).toBe(
      getTranslator('en')('errors:push_endpoint_refused'),
    );
    for (const each of members)
      expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, each.user.id))).toEqual(
        [],
      );

    expect((await subscribe(members[2]!, 'https://fcm.example.com/send/1')).statusCode).toBe(200);
    expect((await subscribe(members[2]!, 'https://fcm.example.com:443/send/2')).statusCode).toBe(200);
  });

  it('refuses at send time what was stored before the rule (a member stored port 300), without connecting, and deletes it', async () => {
    const member = await createMember(app);
    const [stored] = await app.db
      .insert(pushSubscriptions)
      .values({ userId: member.user.id, endpoint: 'https://fcm.example.com:300/send/old', ...keys() })
      .returning();
    const payload = { v: 2, type: 'like', title: 'x', body: 'y', url: '/likes', tag: 'like-1' } as const;
    expect(await app.push.send(stored!, payload, { ttlSeconds: 60 })).toBe('refused');
    expect(
      await app.push.send({ ...stored!, endpoint: 'https://metadata.example.com/x' }, payload, { ttlSeconds: 60 }),
    ).toBe('refused');
    expect(await app.push.send({ ...stored!, endpoint: 'https://[::1]/x' }, payload, { ttlSeconds: 60 })).toBe(
      'refused',
    );

    await app.services.notifications.runPushSend({
      subscriptionId: stored!.id,
      payload,
      ttlSeconds: 60,
      urgency: 'normal',
      topic: 't',
    });
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual(
      [],
    );
  });

  it('keeps at most 10 subscriptions per member: a new one replaces the oldest', async () => {
    const member = await createMember(app);
    const endpoints = Array.from(
      { length: 12 },
      (_, index) => `https://fcm.example.com/send/${member.user.id}-${index}`,
    );
    for (const endpoint of endpoints) expect((await subscribe(member, endpoint)).statusCode).toBe(200);
    const kept = await app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.user.id))
      .orderBy(asc(pushSubscriptions.id));
    expect(kept.map((row) => row.endpoint)).toEqual(endpoints.slice(2));

    // Saving a kept endpoint again makes it the newest: the next new one replaces the then oldest instead.
    expect((await subscribe(member, endpoints[2]!)).statusCode).toBe(200);
    expect((await subscribe(member, `https://fcm.example.com/send/${member.user.id}-new`)).statusCode).toBe(200);
    const after = (
      await app.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, member.user.id))
    ).map((row) => row.endpoint);
    expect(after).toHaveLength(10);
    expect(after).toContain(endpoints[2]);
    expect(after).not.toContain(endpoints[3]);
  });
});
