import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../../test-support/test-app.ts';
import { EMAIL_CHANGE_TOKEN_HOURS } from './accounts.service.ts';
import {
  advanceClock,
  createClient,
  login,
  mailsTo,
  signUp,
  tokenFromMail,
  uniqueEmail,
  type Client,
} from '../../test-support/accounts.ts';

describe('e-mail change (mail-change.php, mail-change-do.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    app.clock.now = () => new Date();
  });

  const requestChange = (client: Client, email: string, password: string) =>
    client.request({ method: 'POST', url: '/api/mail-change.php', payload: { email, password } });
  const confirm = (token: string) =>
    createClient(app).request({ method: 'POST', url: '/api/mail-change-do.php', payload: { token } });

  it('mails a link to the new address; following it changes the address and tells the old one', async () => {
    const { client, email, password } = await signUp(app);
    const newEmail = uniqueEmail('new');
    const response = await requestChange(client, ` ${newEmail.toUpperCase()} `, password);
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsTo(app, newEmail);
    expect(mail).toMatchObject({ template: 'emailChange' });
    // Nothing changes before the link is followed.
    expect((await client.request({ url: '/api/user.php' })).json().user.email).toBe(email);

    const token = await tokenFromMail(app, newEmail, '/mail-change/do');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, email: newEmail });
    const user = (await client.request({ url: '/api/user.php' })).json().user;
    // The new address is proven, which also confirms a not-yet-activated account.
    expect(user).toMatchObject({ email: newEmail, status: 'active' });
    expect((await mailsTo(app, email)).map((m) => m.template)).toContain('emailChanged');
    expect((await login(createClient(app), newEmail, password)).statusCode).toBe(200);
    expect((await login(createClient(app), email, password)).statusCode).toBe(401);
  });

  it('voids reset links mailed to the old address once the new one is confirmed', async () => {
    const { client, email, password } = await signUp(app);
    await createClient(app).request({ method: 'POST', url: '/api/reset-password.php', payload: { email } });
    const resetToken = await tokenFromMail(app, email, '/reset-password/do');
    const newEmail = uniqueEmail('moved');
    await requestChange(client, newEmail, password);
    expect((await confirm(await tokenFromMail(app, newEmail, '/mail-change/do'))).statusCode).toBe(200);
    const reset = await createClient(app).request({
      method: 'POST',
      url: '/api/reset-password-do.php',
      payload: { token: resetToken, password: 'taken over 1', password_confirmation: 'taken over 1' },
    });
    expect(reset.json().error.code).toBe('link_invalid');
  });

  it('answers "New email adress is invalid" for a bad or unchanged address', async () => {
    const { client, email, password } = await signUp(app);
    for (const value of ['not-an-address', email]) {
      const response = await requestChange(client, value, password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual([
        expect.objectContaining({ path: 'email', code: 'new_email_invalid', message: 'New email adress is invalid' }),
      ]);
    }
  });

  it('wants the current password', async () => {
    const { client } = await signUp(app);
    const response = await requestChange(client, uniqueEmail(), 'wrong password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      expect.objectContaining({ path: 'password', code: 'password_incorrect' }),
    ]);
  });

  it('refuses an address that already owns an account, when asked and when confirmed', async () => {
    const { email: taken } = await signUp(app);
    const { client, password } = await signUp(app);
    const asked = await requestChange(client, taken, password);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({
      code: 'account_exists',
      fields: [expect.objectContaining({ message: 'This email address already owns an account on this website' })],
    });

    const later = uniqueEmail('later');
    await requestChange(client, later, password);
    const token = await tokenFromMail(app, later, '/mail-change/do');
    await signUp(app, { email: later });
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.code).toBe('account_exists');
  });

  it('accepts a link once, only the newest one, and not after 24 hours', async () => {
    const { client, password } = await signUp(app);
    const first = uniqueEmail('first');
    await requestChange(client, first, password);
    const firstToken = await tokenFromMail(app, first, '/mail-change/do');
    const second = uniqueEmail('second');
    await requestChange(client, second, password);
    const secondToken = await tokenFromMail(app, second, '/mail-change/do');
    expect((await confirm(firstToken)).json().error).toMatchObject({
      code: 'link_invalid',
      message: 'Link expired or invalid, request a new email',
    });
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await confirm(secondToken)).json().error.code).toBe('link_invalid');

    const third = uniqueEmail('third');
    await requestChange(client, third, password);
    const thirdToken = await tokenFromMail(app, third, '/mail-change/do');
    advanceClock(app, EMAIL_CHANGE_TOKEN_HOURS * 60 * 60 * 1000 + 1000);
    expect((await confirm(thirdToken)).json().error.code).toBe('link_invalid');
  });

  it('answers 403 authentication_required to a visitor', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      headers: clientHeaders,
      payload: { email: uniqueEmail(), password: 'x' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().authentication_required).toBe(true);
  });
});
