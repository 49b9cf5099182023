import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../../test-support/test-app.ts';
import { RESET_TOKEN_MINUTES } from './accounts.service.ts';
import {
  advanceClock,
  createClient,
  login,
  mailsTo,
  signUp,
  tokenFromMail,
  uniqueEmail,
} from '../../test-support/accounts.ts';

const NEW_PASSWORD = 'a brand new secret';

describe('password reset (reset-password.php, reset-password-do.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    app.clock.now = () => new Date();
  });

  const requestReset = (email: string, client = createClient(app)) =>
    client.request({ method: 'POST', url: '/api/reset-password.php', payload: { email } });
  const doReset = (token: string, password = NEW_PASSWORD, confirmation = password, client = createClient(app)) =>
    client.request({
      method: 'POST',
      url: '/api/reset-password-do.php',
      payload: { token, password, password_confirmation: confirmation },
    });

  it('mails a link to /reset-password/do that sets a new password, ends every session and logs in', async () => {
    const { client: oldSession, email, password } = await signUp(app);
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [mail] = await mailsTo(app, email);
    expect(mail).toMatchObject({ template: 'passwordReset', subject: expect.stringContaining('Reset your password') });
    const token = await tokenFromMail(app, email, '/reset-password/do');

    expect((await app.inject({ url: `/api/reset-password-do.php?token=${token}` })).statusCode).toBe(200);
    const browser = createClient(app);
    const reset = await doReset(token, NEW_PASSWORD, NEW_PASSWORD, browser);
    expect(reset.statusCode).toBe(200);
    // The mailbox is proven, so the account is activated too.
    expect(reset.json().user).toMatchObject({ email, status: 'active' });
    expect((await browser.request({ url: '/api/user.php' })).statusCode).toBe(200);
    expect((await oldSession.request({ url: '/api/user.php' })).statusCode).toBe(403);
    expect((await login(createClient(app), email, password)).statusCode).toBe(401);
    expect((await login(createClient(app), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers "E-mail address not found" for an unknown address', async () => {
    const response = await requestReset(uniqueEmail('ghost'));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'reset_email_not_found', message: 'E-mail address not found' });
  });

  it('sends at most 3 reset mails per account per 24 hours', async () => {
    const { email } = await signUp(app);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await requestReset(email)).statusCode).toBe(200);
    const fourth = await requestReset(email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({
      code: 'reset_limit_reached',
      message: 'Too many password reset emails sent, please try again tomorrow',
    });
    advanceClock(app, 24 * 60 * 60 * 1000 + 1000);
    expect((await requestReset(email)).statusCode).toBe(200);
  });

  it('accepts a link once, and not after an hour', async () => {
    const { email } = await signUp(app);
    await requestReset(email);
    const used = await tokenFromMail(app, email, '/reset-password/do');
    expect((await doReset(used)).statusCode).toBe(200);
    const again = await doReset(used);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'link_invalid',
      message: 'Link expired or invalid, request a new email',
    });
    expect((await app.inject({ url: `/api/reset-password-do.php?token=${used}` })).json().error.code).toBe(
      'link_invalid',
    );

    await requestReset(email);
    const late = await tokenFromMail(app, email, '/reset-password/do');
    advanceClock(app, RESET_TOKEN_MINUTES * 60_000 + 1000);
    expect((await doReset(late)).json().error.code).toBe('link_invalid');
  });

  it('wants the two new passwords to match', async () => {
    const { email } = await signUp(app);
    await requestReset(email);
    const token = await tokenFromMail(app, email, '/reset-password/do');
    const response = await doReset(token, NEW_PASSWORD, 'something else');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      expect.objectContaining({
        path: 'password_confirmation',
        code: 'passwords_not_same',
        message: 'The entered passwords are not the same',
      }),
    ]);
    // The token was not spent by the invalid attempt.
    expect((await doReset(token)).statusCode).toBe(200);
  });

  it('lifts a login lockout', async () => {
    const { email } = await signUp(app);
    for (let attempt = 0; attempt < 5; attempt += 1) await login(createClient(app), email, 'wrong');
    expect((await login(createClient(app), email, 'wrong')).json().error.code).toBe('account_locked');
    await requestReset(email);
    await doReset(await tokenFromMail(app, email, '/reset-password/do'));
    expect((await login(createClient(app), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('rate-limits reset requests per IP and per e-mail address', async () => {
    const client = createClient(app);
    const perIp: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      perIp.push((await requestReset(uniqueEmail(), client)).statusCode);
    expect(perIp.slice(0, 10).every((code) => code === 404)).toBe(true);
    expect(perIp[10]).toBe(429);
    const email = uniqueEmail();
    const perEmail: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) perEmail.push((await requestReset(email)).statusCode);
    expect(perEmail.slice(0, 5).every((code) => code === 404)).toBe(true);
    expect(perEmail[5]).toBe(429);
  });
});

describe('password change (password.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const change = (client: ReturnType<typeof createClient>, body: Record<string, unknown>) =>
    client.request({ method: 'POST', url: '/api/password.php', payload: body });

  it('checks the old password', async () => {
    const { client } = await signUp(app);
    const response = await change(client, {
      old_password: 'not it',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'old_password_wrong',
      message: 'Please check your old password',
      fields: [expect.objectContaining({ path: 'old_password', code: 'old_password_wrong' })],
    });
  });

  it('wants the new entries to match', async () => {
    const { client, password } = await signUp(app);
    const response = await change(client, {
      old_password: password,
      password: NEW_PASSWORD,
      password_confirmation: 'nope nope nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      expect.objectContaining({ path: 'password_confirmation', message: 'The entered passwords are not the same' }),
    ]);
    const short = await change(client, { old_password: password, password: 'short', password_confirmation: 'short' });
    expect(short.json().error.fields).toEqual([
      expect.objectContaining({ path: 'password', code: 'password_too_short' }),
    ]);
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const { client, email, password } = await signUp(app);
    const otherBrowser = createClient(app);
    await login(otherBrowser, email, password);
    expect((await otherBrowser.request({ url: '/api/user.php' })).statusCode).toBe(200);

    const response = await change(client, {
      old_password: password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await client.request({ url: '/api/user.php' })).statusCode).toBe(200);
    expect((await otherBrowser.request({ url: '/api/user.php' })).statusCode).toBe(403);
    expect((await login(createClient(app), email, password)).statusCode).toBe(401);
    expect((await login(createClient(app), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('voids reset links mailed before the change', async () => {
    const { client, email, password } = await signUp(app);
    await createClient(app).request({ method: 'POST', url: '/api/reset-password.php', payload: { email } });
    const token = await tokenFromMail(app, email, '/reset-password/do');
    expect(
      (await change(client, { old_password: password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const reset = await createClient(app).request({
      method: 'POST',
      url: '/api/reset-password-do.php',
      payload: { token, password: 'someone else 1', password_confirmation: 'someone else 1' },
    });
    expect(reset.json().error.code).toBe('link_invalid');
    expect((await login(createClient(app), email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 403 authentication_required to a visitor', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/password.php',
      headers: clientHeaders,
      payload: { old_password: 'x', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().authentication_required).toBe(true);
  });
});
