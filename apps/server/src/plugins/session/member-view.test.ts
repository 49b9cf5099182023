// The member view: user.php from one prepared query and the per-instance cache, kept fresh by the bus on every instance.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@app/contracts';
import { postLedgerEntry } from '../../modules/credits/index.ts';
import { createClient, signUp, type Client } from '../../test-support/accounts.ts';
import { uploadPhoto } from '../../test-support/members.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/credentials.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createGappedBus } from '../../test-support/gapped-bus.ts';
import { hasRedis, useTwoInstances, within } from '../../test-support/two-instances.ts';
import { createInProcessBus, type EventBus } from '../bus/bus.ts';
import { createMemberViews } from './member-view.ts';

const getUser = async (client: Client) => {
  const response = await client.request({ method: 'GET', url: '/api/user.php' });
  return {
    status: response.statusCode,
    user: response.statusCode === 200 ? response.json<{ user: User }>().user : undefined,
  };
};

describe('the member view on one instance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers user.php without the password hash or other secrets, and from memory once read', async () => {
    const { client, user } = await signUp(app);
    const first = await getUser(client);
    expect(first.user).toEqual(user);
    expect(JSON.stringify(first.user)).not.toMatch(/argon2|password/i);
    // Written behind the app's back and not announced: the instance keeps answering from memory...
    await app.db.update(profiles).set({ name: 'Renamed' }).where(eq(profiles.userId, user.id));
    expect((await getUser(client)).user?.profile.name).toBe(user.profile.name);
    // ...until the change is announced, as every writer does.
    await app.memberEvents.changed(user.id);
    expect((await getUser(client)).user?.profile.name).toBe('Renamed');
  });

  it('shows every change made through the API at once: language, profile, main photo, push, credits', async () => {
    const { client, user } = await signUp(app);
    await getUser(client);
    expect(
      (await client.request({ method: 'PUT', url: '/api/user.php', payload: { language: 'de' } })).statusCode,
    ).toBe(200);
    expect((await getUser(client)).user?.language).toBe('de');

    expect(
      (await client.request({ method: 'PUT', url: '/api/profile.php', payload: { name: 'Annelies' } })).statusCode,
    ).toBe(200);
    expect((await getUser(client)).user?.profile.name).toBe('Annelies');

    expect((await getUser(client)).user?.profile.main_image).toBeNull();
    expect((await uploadPhoto(client)).statusCode).toBe(201);
    expect((await getUser(client)).user?.profile.main_image).not.toBeNull();

    const subscription = {
      endpoint: `https://push.example.com/${user.id}`,
      keys: { p256dh: 'p'.repeat(20), auth: 'a'.repeat(16) },
    };
    expect(
      (await client.request({ method: 'POST', url: '/api/user.php?push=1', payload: { subscription } })).statusCode,
    ).toBe(200);
    expect((await getUser(client)).user?.push_subscribed).toBe(true);

    // The ledger moves credits inside the caller's transaction; the caller announces after it committed.
    await app.db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId: user.id,
        amount: 25,
        reason: 'admin_adjustment',
        idempotencyKey: `view-test:${user.id}`,
      }),
    );
    await app.memberEvents.changed(user.id);
    expect((await getUser(client)).user?.credits).toBe(user.credits + 25);
  });

  it('ends a logged-out session at once, and a password change ends the other sessions at once', async () => {
    const { client, email, password } = await signUp(app);
    const other = createClient(app);
    expect(
      (await other.request({ method: 'POST', url: '/api/user.php', payload: { email, password } })).statusCode,
    ).toBe(200);
    const stolenCookie = other.cookie;
    expect((await getUser(other)).status).toBe(200);
    expect((await other.request({ method: 'GET', url: '/api/logout.php' })).statusCode).toBe(200);
    other.cookie = stolenCookie;
    expect((await getUser(other)).status).toBe(403);

    const third = createClient(app);
    await third.request({ method: 'POST', url: '/api/user.php', payload: { email, password } });
    expect((await getUser(third)).status).toBe(200);
    const changed = await client.request({
      method: 'POST',
      url: '/api/password.php',
      payload: { old_password: password, password: 'another secret 2', password_confirmation: 'another secret 2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await getUser(third)).status).toBe(403);
    expect((await getUser(client)).status).toBe(200);
  });
});

describe('the member view cache', () => {
  let app: TestApp;
  const closers: (() => unknown)[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ redisUrl: undefined });
  });
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });
  afterAll(() => app.close());

  function views(bus: EventBus, cacheSize?: number) {
    const created = createMemberViews({ db: app.db, bus, cacheSize, now: () => new Date(), onError: () => undefined });
    closers.push(() => created.close());
    return created;
  }

  async function loggedIn() {
    const { client, user } = await signUp(app);
    return { tokenHash: hashToken(client.cookie!), userId: user.id };
  }

  it('never stores a view read before an invalidation that overtook it', async () => {
    const cache = views(createInProcessBus({ onError: () => undefined }));
    const { tokenHash, userId } = await loggedIn();
    const reading = cache.resolve(tokenHash);
    await cache.events.changed(userId);
    expect((await reading)?.view.user.id).toBe(userId);
    expect(cache.size()).toBe(0);
    await cache.resolve(tokenHash);
    expect(cache.size()).toBe(1);
  });

  it('keeps nothing in memory while the bus may be missing events, and forgets everything when it is back', async () => {
    const gapped = createGappedBus();
    const cache = views(gapped.bus);
    const { tokenHash } = await loggedIn();
    await cache.resolve(tokenHash);
    expect(cache.size()).toBe(0);
    gapped.setLive(true);
    await cache.resolve(tokenHash);
    expect(cache.size()).toBe(1);
    gapped.resync();
    expect(cache.size()).toBe(0);
  });

  it('takes a newer balance into the cached view in place, and never an older one', async () => {
    const cache = views(createInProcessBus({ onError: () => undefined }));
    const { tokenHash, userId } = await loggedIn();
    const first = (await cache.resolve(tokenHash))!.view;
    expect(cache.size()).toBe(1);
    await cache.events.creditsChanged(userId, first.credits - 3, first.creditsVersion + 2);
    expect((await cache.resolve(tokenHash))?.view).toMatchObject({
      credits: first.credits - 3,
      creditsVersion: first.creditsVersion + 2,
    });
    // An event of an earlier change arriving late (another instance's, out of order) changes nothing.
    await cache.events.creditsChanged(userId, first.credits - 1, first.creditsVersion + 1);
    expect((await cache.resolve(tokenHash))?.view.credits).toBe(first.credits - 3);
    expect(cache.size()).toBe(1);
    // A later change of anything else still drops the view.
    await cache.events.changed(userId);
    expect(cache.size()).toBe(0);
  });

  it('reads every view from the database with a cache size of 0', async () => {
    const cache = views(createInProcessBus({ onError: () => undefined }), 0);
    const { tokenHash, userId } = await loggedIn();
    expect((await cache.resolve(tokenHash))?.view.user.id).toBe(userId);
    expect((await cache.resolve(tokenHash))?.view.user.id).toBe(userId);
    expect(cache.size()).toBe(0);
  });

  it('drops the views of a member when the bus says so', async () => {
    const bus = createInProcessBus({ onError: () => undefined });
    const cache = views(bus);
    const { tokenHash, userId } = await loggedIn();
    await cache.resolve(tokenHash);
    expect(cache.size()).toBe(1);
    await bus.publish('session.revoked', { userId });
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size()).toBe(0);
  });
});

describe.skipIf(!hasRedis)('two instances on one database and one Redis (runs when REDIS_URL is set)', () => {
  const instances = useTwoInstances();

  it('a session ended on one instance stops answering on the other within a second', async () => {
    const { client } = await signUp(instances.first);
    const onSecond = createClient(instances.second, client.ip);
    onSecond.cookie = client.cookie;
    expect((await getUser(onSecond)).status).toBe(200);
    expect((await getUser(onSecond)).status).toBe(200);
    const cookie = client.cookie;
    expect((await client.request({ method: 'GET', url: '/api/logout.php' })).statusCode).toBe(200);
    onSecond.cookie = cookie;
    const elapsed = await within(async () => (await getUser(onSecond)).status === 403, 1000);
    expect(elapsed).toBeLessThan(1000);
  });

  it('a change made on one instance shows on the other within a second', async () => {
    const { client, user } = await signUp(instances.first);
    const onSecond = createClient(instances.second, client.ip);
    onSecond.cookie = client.cookie;
    expect((await getUser(onSecond)).user?.language).toBe(user.language);
    expect(
      (await client.request({ method: 'PUT', url: '/api/user.php', payload: { language: 'fi' } })).statusCode,
    ).toBe(200);
    await within(async () => (await getUser(onSecond)).user?.language === 'fi', 1000);
    // And a status change written by another instance's job or console, announced on the bus.
    await instances.first.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    await instances.first.memberEvents.changed(user.id);
    await within(async () => (await getUser(onSecond)).user?.status === 'active', 1000);
  });
});
