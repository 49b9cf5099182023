// Push endpoints are hosts the server connects to on a member's say-so (SSRF): only https on port 443 to public
// addresses, checked when saved and again at every send; at most 10 subscriptions per member (docs/notifications.md).
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';

/**
 * Every special IPv6 form, each refused as an endpoint's IP-literal host and as an address its name resolves to
 * (lib/public-address.ts): the forms embedding an IPv4 address are refused even when it is public, except the three
 * that reach that very address (IPv4-mapped, NAT64's well-known prefix, 6to4), refused when it is not public.
 */
const specialIPv6: [form: string, address: string][] = [
  ['IPv4-compatible ::/96 (deprecated), as the resolver writes it', '::127.0.0.1'],
  ['IPv4-compatible ::/96, in hex', '::7f00:1'],
  ['IPv4-compatible ::/96 of a public IPv4', '::8.8.8.8'],
  ['IPv4-compatible ::/96, no IPv4 in it', '::2'],
  ['IPv4-mapped ::ffff:0:0/96 of loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped ::ffff:0:0/96 of a private IPv4', '::ffff:10.0.0.1'],
  ['IPv4-mapped ::ffff:0:0/96 of link-local', '::ffff:169.254.169.254'],
  ['IPv4-translated ::ffff:0:0:0/96', '::ffff:0:8.8.8.8'],
  ['NAT64 64:ff9b::/96 of a private IPv4', '64:ff9b::10.0.0.1'],
  ['NAT64 64:ff9b::/96 of loopback', '64:ff9b::127.0.0.1'],
  ['NAT64 64:ff9b::/96 of CGNAT', '64:ff9b::100.64.0.1'],
  ['NAT64 local-use 64:ff9b:1::/48 of a private IPv4', '64:ff9b:1::a00:1'],
  ["NAT64 local-use 64:ff9b:1::/48 (where its IPv4 sits is the network's choice)", '64:ff9b:1::808:808'],
  ['6to4 2002::/16 of a private IPv4', '2002:a00:1::1'],
  ['6to4 2002::/16 of loopback', '2002:7f00:1::1'],
  ['6to4 2002::/16 of the metadata address', '2002:a9fe:a9fe::1'],
  ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['Teredo 2001::/32, short', '2001::1'],
  ['site-local fec0::/10 (deprecated)', 'fec0::1'],
  ['unique-local fc00::/7', 'fc00::1'],
  ['unique-local fc00::/7 (fd00::/8)', 'fd12:3456:789a::1'],
  ['link-local fe80::/10', 'fe80::1'],
  ['multicast ff00::/8, link scope', 'ff02::1'],
  ['multicast ff00::/8, global scope', 'ff0e::101'],
  ['documentation 2001:db8::/32', '2001:db8::1'],
  ['documentation 3fff::/20', '3fff::1'],
  ['discard 100::/64', '100::1'],
  ['ORCHIDv2 2001:20::/28', '2001:20::1'],
  ['ORCHID 2001:10::/28 (deprecated)', '2001:10::1'],
  ['benchmarking 2001:2::/48', '2001:2::1'],
  ['IETF protocol assignments 2001::/23', '2001:1::1'],
  ['unspecified ::', '::'],
  ['loopback ::1', '::1'],
  ['unassigned 4000::/3', '4000::1'],
];

/** IPv6 addresses that are public: global unicast, and the forms that reach a public IPv4 address. */
const publicIPv6: [form: string, address: string][] = [
  ['global unicast', '2a00:1450:4007:80e::200a'],
  ['global unicast', '2606:4700:4700::1111'],
  ['IPv4-mapped of a public IPv4', '::ffff:142.250.74.42'],
  ['NAT64 64:ff9b::/96 of a public IPv4 (DNS64 on an IPv6-only host)', '64:ff9b::142.250.74.42'],
  ['6to4 of a public IPv4', '2002:8efa:4a2a::1'],
];

/** The test's DNS: what each host name answers (the system resolver is never asked). */
const dns = new Map<string, string[]>([
  ...specialIPv6.map(([, address], index): [string, string[]] => [`special-${index}.example.com`, [address]]),
  ...publicIPv6.map(([, address], index): [string, string[]] => [`public-${index}.example.com`, [address]]),
  ['compat.example.com', ['2a00:1450:4007:80e::200a', '::127.0.0.1']],
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
      '0x7f.1',
      '2130706433',
      'fe80::1%eth0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const [form, address] of specialIPv6) expect(isPublicAddress(address), `${form}: ${address}`).toBe(false);
    for (const [form, address] of publicIPv6) expect(isPublicAddress(address), `${form}: ${address}`).toBe(true);
  });

  it('refuses every special IPv6 form as the host of an endpoint and as an address its name resolves to', async () => {
    for (const [index, [form, address]] of specialIPv6.entries()) {
      expect(await app.push.isEndpointAllowed(`https://[${address}]/send/1`), `${form}: [${address}]`).toBe(false);
      expect(
        await app.push.isEndpointAllowed(`https://special-${index}.example.com/send/1`),
        `${form}: ${address}`,
      ).toBe(false);
    }
    for (const [index, [form, address]] of publicIPv6.entries()) {
      expect(await app.push.isEndpointAllowed(`https://[${address}]/send/1`), `${form}: [${address}]`).toBe(true);
      expect(
        await app.push.isEndpointAllowed(`https://public-${index}.example.com/send/1`),
        `${form}: ${address}`,
      ).toBe(true);
    }

    // The outside testers' endpoint, saved and sent: refused with the field error, and never contacted.
    const member = await createMember(app);
    for (const endpoint of [
      'https://[::127.0.0.1]/send/1',
      'https://[::7f00:1]/send/1',
      'https://special-0.example.com/send/1',
      'https://compat.example.com/send/1',
    ]) {
      const response = await subscribe(member, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error.fields[0].code, endpoint).toBe('push_endpoint_refused');
    }
    const payload = { v: 2, type: 'like', title: 'x', body: 'y', url: '/likes', tag: 'like-1' } as const;
    const stored = {
      id: 0,
      userId: member.user.id,
      endpoint: 'https://[::127.0.0.1]/x',
      ...keys(),
      createdAt: new Date(),
    };
    expect(await app.push.send(stored, payload, { ttlSeconds: 60 })).toBe('refused');
    expect(
      await app.push.send({ ...stored, endpoint: 'https://special-0.example.com/x' }, payload, { ttlSeconds: 60 }),
    ).toBe('refused');
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

  it(`keeps exactly the 10 newest of 40 subscriptions saved at once by one member (${concurrencyProves})`, async () => {
    const member = await createMember(app);
    const older = Array.from(
      { length: 10 },
      (_, index) => `https://fcm.example.com/send/${member.user.id}-old-${index}`,
    );
    for (const endpoint of older)
      await app.services.accounts.savePushSubscription(member.user.id, { endpoint, keys: keys() });
    const batch = Array.from(
      { length: 40 },
      (_, index) => `https://fcm.example.com/send/${member.user.id}-at-once-${index}`,
    );
    await Promise.all(
      batch.map((endpoint) => app.services.accounts.savePushSubscription(member.user.id, { endpoint, keys: keys() })),
    );

    const kept = await app.db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.user.id))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    expect(kept).toHaveLength(10);
    // At the cap a new one replaces the oldest: the older ten are gone, and of the forty the last ten saved remain.
    // The saves ran one after the other (the member's row locked), each timed and numbered once it held the lock:
    // the ten kept are the last ten numbers given out, in the order they were saved.
    expect(kept.every((row) => batch.includes(row.endpoint))).toBe(true);
    const ids = kept.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const sequence = (await app.db.execute(
      sql`select last_value from pg_sequences where sequencename = 'push_subscriptions_id_seq'`,
    )) as unknown as { rows: { last_value: string }[] };
    const last = Number(sequence.rows[0]!.last_value);
    expect(ids).toEqual(Array.from({ length: 10 }, (_, index) => last - 9 + index));
  });
});
