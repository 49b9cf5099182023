import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../../test-support/test-app.ts';
import { ACTIVATION_TOKEN_DAYS } from './accounts.service.ts';
import {
  DEFAULT_PASSWORD,
  advanceClock,
  createClient,
  login,
  mailsTo,
  signUp,
  tokenFromMail,
} from '../../test-support/accounts.ts';

describe('activation (activate.php, activation-mail.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    app.clock.now = () => new Date();
  });

  const activate = (token: string, client = createClient(app)) =>
    client.request({ method: 'POST', url: '/api/activate.php', payload: { token } });

  it('activates the account and its profile with the mailed link, and logs that member in', async () => {
    const { email } = await signUp(app);
    const token = await tokenFromMail(app, email, '/activate');
    const browser = createClient(app);
    const response = await activate(token, browser);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, status: 'active', profile: { status: 'active' } });
    expect((await browser.request({ url: '/api/user.php' })).json().user.status).toBe('active');
  });

  it('uses a link once: opened again it says the account is active already, and logs nobody in', async () => {
    const { email } = await signUp(app);
    const token = await tokenFromMail(app, email, '/activate');
    expect((await activate(token)).statusCode).toBe(200);
    const browser = createClient(app);
    const again = await activate(token, browser);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'already_activated',
      message: 'Your account has already been activated.',
    });
    expect(browser.cookie).toBeUndefined();
    expect((await browser.request({ url: '/api/user.php' })).statusCode).toBe(403);
  });

  it('fails a used link of an account that is pending deletion', async () => {
    const { client, email } = await signUp(app);
    const token = await tokenFromMail(app, email, '/activate');
    expect((await activate(token)).statusCode).toBe(200);
    await login(client, email, DEFAULT_PASSWORD);
    expect(
      (
        await client.request({
          method: 'POST',
          url: '/api/delete-account.php',
          payload: { reason: 'time', password: DEFAULT_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await activate(token)).json().error.code).toBe('activation_failed');
  });

  it('refuses an unknown or expired link', async () => {
    expect((await activate('x'.repeat(43))).json().error.code).toBe('activation_failed');
    const { email } = await signUp(app);
    const token = await tokenFromMail(app, email, '/activate');
    advanceClock(app, ACTIVATION_TOKEN_DAYS * 24 * 60 * 60 * 1000 + 1000);
    expect((await activate(token)).json().error.code).toBe('activation_failed');
  });

  it('resends the activation mail to a not-confirmed member; every link works until one is used', async () => {
    const { client, email } = await signUp(app);
    const first = await tokenFromMail(app, email, '/activate');
    const resend = await client.request({ method: 'POST', url: '/api/activation-mail.php' });
    expect(resend.statusCode).toBe(200);
    expect(await mailsTo(app, email)).toHaveLength(2);
    const second = await tokenFromMail(app, email, '/activate');
    expect(second).not.toBe(first);
    expect((await activate(first)).statusCode).toBe(200);
    // The other link is used up with it; the account being active, it says so (and logs nobody in).
    expect((await activate(second)).json().error.code).toBe('already_activated');
    const already = await client.request({ method: 'POST', url: '/api/activation-mail.php' });
    expect(already.statusCode).toBe(409);
    expect(already.json().error.code).toBe('already_activated');
  });

  it('rate-limits resending (3 an hour per member)', async () => {
    const { client } = await signUp(app);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      codes.push((await client.request({ method: 'POST', url: '/api/activation-mail.php' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('answers 403 authentication_required to a visitor asking for a new mail', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/activation-mail.php', headers: clientHeaders });
    expect(response.statusCode).toBe(403);
    expect(response.json().authentication_required).toBe(true);
  });
});

describe('link tokens in request logs', () => {
  it('are redacted: a log reader cannot follow an activation, reset or reactivation link', async () => {
    const loggingApp = await buildTestApp({ env: 'production', logLevel: 'silent' });
    try {
      const serializers = (loggingApp.log as unknown as Record<symbol, { req: (request: unknown) => { url: string } }>)[
        Symbol.for('pino.serializers')
      ];
      const logged = serializers!.req({
        method: 'GET',
        url: '/reset-password/do?token=s3cr3t&x=1',
        headers: {},
        ip: '127.0.0.1',
      });
      expect(logged).toMatchObject({
        method: 'GET',
        url: '/reset-password/do?token=[redacted]&x=1',
        remoteAddress: '127.0.0.1',
      });
      expect(serializers!.req({ method: 'GET', url: '/api/reset-password-do.php?token=s3cr3t' }).url).not.toContain(
        's3cr3t',
      );
    } finally {
      await loggingApp.close();
    }
  });
});
