import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../../test-support/test-app.ts';
import { vi } from 'vitest';
import { LOGIN_LOCK_MS, createAccountsService } from './accounts.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/credentials.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import {
  advanceClock,
  createClient,
  login,
  sessionCookieOf,
  signUp,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/accounts.ts';

describe('login, sessions and the current user (user.php, logout.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    app.clock.now = () => new Date();
  });

  it('logs in with e-mail and password, answers { user } and sets a secure-by-default session cookie', async () => {
    const { email, password } = await signUp(app);
    const client = createClient(app);
    const response = await login(client, email.toUpperCase(), password);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      email,
      status: 'not_confirmed',
      credits: 20,
      paid_user: false,
      language: 'en',
      fictional_icon: expect.any(String),
      notifications_disabled: [],
      signup_step: 1,
      push_subscribed: false,
      profile: {
        id: expect.any(Number),
        name: expect.any(String),
        country: null,
        main_image: null,
        status: 'disabled',
      },
    });
    expect(new Date(user.signup_date).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax', maxAge: 30 * 24 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    // At least 128 bits of randomness: 32 bytes base64url.
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
  });

  it('stores only a SHA-256 hash of the session token', async () => {
    const { client } = await signUp(app);
    const rows = (await app.db.execute(`select token_hash from sessions`)) as unknown as {
      rows: { token_hash: string }[];
    };
    const hashes = rows.rows.map((row) => row.token_hash);
    expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    expect(hashes).not.toContain(client.cookie);
  });

  it('gives a new token at every login', async () => {
    const { email, password } = await signUp(app);
    const client = createClient(app);
    const first = sessionCookieOf(await login(client, email, password));
    const second = sessionCookieOf(await login(client, email, password));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The browser's previous session is gone.
    const old = await app.inject({ url: '/api/user.php', cookies: { sid: first! } });
    expect(old.statusCode).toBe(403);
  });

  it('answers the same "Login failed" for an unknown e-mail and a wrong password', async () => {
    const { email } = await signUp(app);
    const client = createClient(app);
    const unknown = await login(client, uniqueEmail('nobody'), 'whatever123');
    const wrong = await login(client, email, 'wrong password');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({ code: 'login_failed', message: 'Login failed, please try again' });
    }
  });

  it('locks the account for 15 minutes after 5 failures within 15 minutes, with the minutes from the server', async () => {
    const { email, password } = await signUp(app);
    const client = createClient(app);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(client, email, `wrong ${attempt}`)).statusCode).toBe(401);
    }
    const fifth = await login(client, email, 'wrong 5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatchObject({
      code: 'account_locked',
      params: { minutes: 15 },
      message: 'Too many incorrect attempts, account blocked for 15 min',
    });
    // Even the right password is refused while locked; the minutes count down.
    advanceClock(app, 6 * 60_000 + 1000);
    const locked = await login(client, email, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.params).toEqual({ minutes: 9 });
    advanceClock(app, LOGIN_LOCK_MS);
    expect((await login(client, email, password)).statusCode).toBe(200);
  });

  it('"locks" an address without an account the same way, so the lockout does not reveal which addresses exist', async () => {
    const client = createClient(app);
    const email = uniqueEmail('nobody');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await login(client, email, `wrong ${attempt}`)).json().error.code).toBe('login_failed');
    }
    const fifth = await login(client, email, 'wrong 5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error).toMatchObject({ code: 'account_locked', params: { minutes: 15 } });
    expect((await login(client, email, 'wrong 6')).json().error.code).toBe('account_locked');
    // Other addresses are not affected.
    expect((await login(client, uniqueEmail('nobody'), 'wrong')).json().error.code).toBe('login_failed');
  });

  it('does not lock when the failures are spread over more than 15 minutes, and a success resets the count', async () => {
    const { email, password } = await signUp(app);
    const client = createClient(app);
    for (let attempt = 1; attempt <= 4; attempt += 1) await login(client, email, 'wrong');
    advanceClock(app, 16 * 60_000);
    expect((await login(client, email, 'wrong')).statusCode).toBe(401);
    for (let attempt = 1; attempt <= 3; attempt += 1) await login(client, email, 'wrong');
    expect((await login(client, email, password)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await login(client, email, 'wrong')).statusCode).toBe(401);
  });

  it('answers GET user.php with the current user, and 403 authentication_required to a visitor', async () => {
    const { client, user } = await signUp(app);
    const me = await client.request({ url: '/api/user.php' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
    const visitor = await app.inject({ url: '/api/user.php' });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json()).toMatchObject({ authentication_required: true, error: { code: 'authentication_required' } });
    const forged = await app.inject({ url: '/api/user.php', cookies: { sid: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(403);
  });

  it('ends the session on the server at logout (the old cookie no longer works)', async () => {
    const { client } = await signUp(app);
    const token = client.cookie!;
    const response = await client.request({ url: '/api/logout.php' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(client.cookie).toBeUndefined();
    const reused = await app.inject({ url: '/api/user.php', cookies: { sid: token } });
    expect(reused.statusCode).toBe(403);
  });

  it('refuses a logout without the client header (a cross-site link cannot end the session)', async () => {
    const { client } = await signUp(app);
    const forged = await app.inject({ url: '/api/logout.php', cookies: { sid: client.cookie! } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_rejected');
    expect(forged.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
    expect((await client.request({ url: '/api/user.php' })).statusCode).toBe(200);
  });

  it('expires a session after 30 days without use, and renews one in use', async () => {
    const { client } = await signUp(app);
    advanceClock(app, 20 * 24 * 60 * 60 * 1000);
    const renewed = await client.request({ url: '/api/user.php' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(30 * 24 * 60 * 60);
    advanceClock(app, 25 * 24 * 60 * 60 * 1000);
    expect((await client.request({ url: '/api/user.php' })).statusCode).toBe(200);
    advanceClock(app, 31 * 24 * 60 * 60 * 1000);
    expect((await client.request({ url: '/api/user.php' })).statusCode).toBe(403);
  });

  it('saves the language with PUT user.php and uses it', async () => {
    const { client } = await signUp(app);
    const response = await client.request({ method: 'PUT', url: '/api/user.php', payload: { language: 'de' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.language).toBe('de');
    const bad = await client.request({ method: 'PUT', url: '/api/user.php', payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ path: 'language', code: 'invalid_value' })]);
  });

  it('stores a push subscription with POST user.php?push=1 and removes it with null', async () => {
    const { client } = await signUp(app);
    const subscription = {
      endpoint: 'https://push.example/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BNcRd', auth: 'tBHI' },
    };
    const saved = await client.request({ method: 'POST', url: '/api/user.php?push=1', payload: { subscription } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.push_subscribed).toBe(true);
    const removed = await client.request({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: null },
    });
    expect(removed.json().user.push_subscribed).toBe(false);
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: clientHeaders,
      payload: { subscription },
    });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().authentication_required).toBe(true);
    const invalid = await client.request({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: { endpoint: 'nope' } },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('removes only one browser’s subscription when the endpoint is named (logging out of one device)', async () => {
    const { client } = await signUp(app);
    const phone = { endpoint: 'https://push.example/send/phone', keys: { p256dh: 'BNcRd', auth: 'tBHI' } };
    const laptop = { endpoint: 'https://push.example/send/laptop', keys: { p256dh: 'BNcRe', auth: 'tBHJ' } };
    await client.request({ method: 'POST', url: '/api/user.php?push=1', payload: { subscription: phone } });
    await client.request({ method: 'POST', url: '/api/user.php?push=1', payload: { subscription: laptop } });
    const removed = await client.request({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: null, endpoint: laptop.endpoint },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.push_subscribed).toBe(true);
    const endpoints = await app.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(endpoints.map((row) => row.endpoint)).toContain(phone.endpoint);
    expect(endpoints.map((row) => row.endpoint)).not.toContain(laptop.endpoint);
    // Another member naming this endpoint removes nothing of this member's.
    const { client: other } = await signUp(app);
    await other.request({
      method: 'POST',
      url: '/api/user.php?push=1',
      payload: { subscription: null, endpoint: phone.endpoint },
    });
    expect((await app.db.select().from(pushSubscriptions)).map((row) => row.endpoint)).toContain(phone.endpoint);
  });

  it('validates the login body field by field', async () => {
    const response = await createClient(app).request({ method: 'POST', url: '/api/user.php', payload: { email: '' } });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .error.fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('rate-limits logins per IP and per account', async () => {
    // Per account: 20 attempts in 15 minutes from any number of IPs.
    const target = uniqueEmail('target');
    let perAccount = 0;
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await login(createClient(app), target, 'nope nope');
      // (From the fifth attempt the address also answers account_locked, which is not this limit.)
      if (response.json().error.code === 'rate_limited') perAccount += 1;
    }
    expect(perAccount).toBe(1);
    // Per IP: 20 a minute.
    const client = createClient(app);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1)
      codes.push((await login(client, uniqueEmail(), 'nope nope')).statusCode);
    expect(codes.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('session cookie over https', () => {
  it('marks the cookie Secure with the __Host- prefix when PUBLIC_URL is https', async () => {
    const secureApp = await buildTestApp({ publicUrl: 'https://dating.example' });
    try {
      const { email, password } = await signUp(secureApp, {}, createClient(secureApp));
      const response = await secureApp.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: clientHeaders,
        remoteAddress: uniqueIp(),
        payload: { email, password },
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    } finally {
      await secureApp.close();
    }
  });
});

describe('OpenAPI document of the account endpoints', () => {
  it('lists every account endpoint with its schemas', async () => {
    const app = await buildTestApp();
    try {
      const document = (await app.inject({ url: '/api/docs/json' })).json();
      const paths = Object.keys(document.paths);
      for (const path of [
        '/api/user.php',
        '/api/logout.php',
        '/api/signup.php',
        '/api/email-suggestion.php',
        '/api/activate.php',
        '/api/activation-mail.php',
        '/api/reset-password.php',
        '/api/reset-password-do.php',
        '/api/password.php',
        '/api/mail-change.php',
        '/api/mail-change-do.php',
        '/api/delete-account.php',
        '/api/reactivate.php',
      ]) {
        expect(paths).toContain(path);
      }
      expect(Object.keys(document.paths['/api/user.php'])).toEqual(expect.arrayContaining(['get', 'post', 'put']));
      expect(document.paths['/api/signup.php'].post.requestBody).toBeDefined();
    } finally {
      await app.close();
    }
  });
});

describe('login timing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('does the same work for an unknown e-mail as for a wrong password: one Argon2id verification and one failure update', async () => {
    const { email, password } = await signUp(app);
    const repository = createAccountsRepository(app.db);
    const recordLoginFailure = vi.spyOn(repository, 'recordLoginFailure');
    const passwords = { verify: vi.fn(verifyPassword), verifyDummy: vi.fn(verifyAgainstDummy) };
    const accounts = createAccountsService({
      db: app.db,
      accountsRepository: repository,
      sessions: app.sessions,
      outbox: app.outbox,
      mailer: app.mailer,
      jobs: app.jobs,
      push: app.push,
      now: () => app.clock.now(),
      passwords,
    });
    const site = { id: (await app.sites.resolve('localhost')).id };

    await expect(accounts.login(site, uniqueEmail(), 'some password 1')).rejects.toMatchObject({
      code: 'login_failed',
    });
    expect(passwords.verifyDummy).toHaveBeenCalledExactlyOnceWith('some password 1');
    expect(passwords.verify).not.toHaveBeenCalled();
    expect(recordLoginFailure).toHaveBeenCalledOnce();

    passwords.verifyDummy.mockClear();
    recordLoginFailure.mockClear();
    await expect(accounts.login(site, email, `${password}x`)).rejects.toMatchObject({ code: 'login_failed' });
    expect(passwords.verify).toHaveBeenCalledOnce();
    expect(passwords.verifyDummy).not.toHaveBeenCalled();
    expect(recordLoginFailure).toHaveBeenCalledOnce();
  });
});
