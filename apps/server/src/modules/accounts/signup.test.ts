import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditLedger, pendingMessages, profiles, sites, users } from '../../db/schema/index.ts';
import { buildTestApp, clientHeaders, insertSite, type TestApp } from '../../test-support/test-app.ts';
import {
  DEFAULT_PASSWORD,
  createClient,
  mailsTo,
  signUp,
  signupBody,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/accounts.ts';

function isoDateYearsAgo(years: number, dayOffset = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + dayOffset);
  return date.toISOString().slice(0, 10);
}

describe('signup (signup.php, email-suggestion.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function setSignups(
    mode: 'all' | 'with_trafficsource' | 'other',
    values: Partial<typeof sites.$inferInsert> = {},
  ) {
    await app.db.update(sites).set({ signups: mode, ...values });
    app.sites.invalidate();
  }
  beforeEach(() => setSignups('all', { minAge: 18, signupCredits: 20 }));

  async function postSignup(
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    cookies: Record<string, string> = {},
  ) {
    return createClient(app).request({ method: 'POST', url: '/api/signup.php', payload: body, headers, cookies });
  }

  it('creates a not-confirmed account with a disabled profile, logs it in and grants the signup credits through the ledger', async () => {
    const body = signupBody({ email: '  Anna.Smith@Example.COM ', username: 'Anna' });
    const response = await postSignup(body, {}, { lang: 'nl' });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: 'anna.smith@example.com',
      status: 'not_confirmed',
      credits: 20,
      language: 'nl',
      signup_step: 1,
      profile: { name: 'Anna', status: 'disabled' },
    });
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBeTruthy();
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const ledger = await app.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger).toEqual([expect.objectContaining({ amount: 20, reason: 'signup_bonus' })]);
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.dateOfBirth).toBe(body.date_of_birth);
  });

  it('mails a localized activation link (HTML and text) to /activate?token=', async () => {
    const { email } = await signUp(app, { username: 'Bert' });
    const [mail] = await mailsTo(app, email);
    expect(mail).toMatchObject({
      template: 'activation',
      subject: expect.stringContaining('Confirm your e-mail address'),
    });
    expect(mail!.text).toContain('Hi Bert,');
    expect(mail!.html).toContain('<a href="http://localhost:3000/activate?token=');
    expect(mail!.links).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/activate\?token=[\w-]{43}$/)]);
  });

  it('starts without credits when the site grants none', async () => {
    await setSignups('all', { signupCredits: 0 });
    const { user } = await signUp(app);
    expect(user.credits).toBe(0);
  });

  it('refuses a username equal to the e-mail address or starting with @, with the exact messages', async () => {
    const email = uniqueEmail();
    const same = await postSignup(signupBody({ email, username: email.toUpperCase() }));
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toContainEqual(
      expect.objectContaining({
        path: 'username',
        code: 'username_equals_email',
        message: 'Username may not be the same as your e-mail address',
      }),
    );
    const at = await postSignup(signupBody({ username: '@anna' }));
    expect(at.json().error.fields).toContainEqual(
      expect.objectContaining({
        path: 'username',
        code: 'username_starts_with_at',
        message: 'Username may not start with @',
      }),
    );
  });

  it('checks the date of birth against the site minimum age', async () => {
    const young = await postSignup(signupBody({ date_of_birth: isoDateYearsAgo(18, 1) }));
    expect(young.statusCode).toBe(400);
    expect(young.json().error.fields).toEqual([
      {
        path: 'date_of_birth',
        code: 'date_of_birth_min_age',
        params: { min_age: 18 },
        message: 'Enter your date of birth (18+)',
      },
    ]);
    expect((await postSignup(signupBody({ date_of_birth: isoDateYearsAgo(18) }))).statusCode).toBe(201);

    for (const value of ['2001-02-30', '17-05-1990', '1800-01-01', isoDateYearsAgo(-1)]) {
      const invalid = await postSignup(signupBody({ date_of_birth: value }));
      expect(invalid.json().error.fields, value).toEqual([
        expect.objectContaining({
          path: 'date_of_birth',
          code: 'date_of_birth_invalid',
          message: 'Invalid date of birth',
        }),
      ]);
    }
    const empty = await postSignup(signupBody({ date_of_birth: '' }));
    expect(empty.json().error.fields).toEqual([
      expect.objectContaining({ code: 'date_of_birth_min_age', message: 'Enter your date of birth (18+)' }),
    ]);

    await setSignups('all', { minAge: 21 });
    const under21 = await postSignup(signupBody({ date_of_birth: isoDateYearsAgo(20) }));
    expect(under21.json().error.fields[0]).toMatchObject({
      params: { min_age: 21 },
      message: 'Enter your date of birth (21+)',
    });
  });

  it('answers "Invalid email" for a bad address', async () => {
    const response = await postSignup(signupBody({ email: 'anna@' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      expect.objectContaining({ path: 'email', code: 'invalid_email', message: 'Invalid email' }),
    ]);
  });

  it('refuses an address that already has an account, with the duplicate and account-exists messages', async () => {
    const { email } = await signUp(app);
    const response = await postSignup(signupBody({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'account_exists',
      message: 'An account with this e-mail address already exists. Please log in.',
      fields: [
        { path: 'email', code: 'email_taken', message: 'This email address already owns an account on this website' },
      ],
    });
  });

  it('tells about a deleted account pending deletion', async () => {
    const { client, email } = await signUp(app);
    await client.request({
      method: 'POST',
      url: '/api/delete-account.php',
      payload: { reason: 'time', password: DEFAULT_PASSWORD },
    });
    const response = await postSignup(signupBody({ email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'deleted_account_exists',
      message: expect.stringContaining('pending deletion'),
    });
  });

  it('keeps accounts per site: the same address may sign up on another site', async () => {
    const { email } = await signUp(app);
    await insertSite(app, { domain: 'other.example' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { ...clientHeaders, host: 'other.example' },
      remoteAddress: uniqueIp(),
      payload: signupBody({ email }),
    });
    expect(response.statusCode).toBe(201);
  });

  it('suggests a correction for a mistyped mail domain', async () => {
    const typo = await app.inject({ url: '/api/email-suggestion.php?email=anna@gmial.com' });
    expect(typo.json()).toEqual({ suggestion: 'anna@gmail.com' });
    const fine = await app.inject({ url: '/api/email-suggestion.php?email=anna@gmail.com' });
    expect(fine.json()).toEqual({ suggestion: null });
    const garbage = await app.inject({ url: '/api/email-suggestion.php?email=anna' });
    expect(garbage.json()).toEqual({ suggestion: null });
  });

  it('is invite-only when the site says so, and needs a traffic source with with_trafficsource', async () => {
    await setSignups('other');
    const closed = await postSignup(signupBody());
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('signups_invite_only');

    await setSignups('with_trafficsource');
    expect((await postSignup(signupBody())).json().error.code).toBe('signups_invite_only');
    expect((await postSignup(signupBody({ tracking: { sub1: 'x' } }))).statusCode).toBe(403);
    expect((await postSignup(signupBody({ tracking: { network: '{}' } }))).statusCode).toBe(403);
    expect((await postSignup(signupBody({ tracking: { ref: 'partner7' } }))).statusCode).toBe(201);
  });

  it('stores the tracking data with braces removed', async () => {
    const { user } = await signUp(app, {
      tracking: { network: 'adnet', ref: '{ref123}', sub1: '{a}', sub2: 'b}', sub3: '' },
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      trackingNetwork: 'adnet',
      trackingRef: 'ref123',
      trackingSub1: 'a',
      trackingSub2: 'b',
      trackingSub3: null,
    });
  });

  it('keeps the first message to the member the signup started from, for delivery once chat exists', async () => {
    const { user: target } = await signUp(app);
    const { user } = await signUp(app, { signup_message: 'Hi there!', target_profile_id: target.profile.id });
    const rows = await app.db.select().from(pendingMessages).where(eq(pendingMessages.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({ targetProfileId: target.profile.id, body: 'Hi there!', deliveredAt: null }),
    ]);

    const missing = await postSignup(signupBody({ signup_message: 'Hello', target_profile_id: 999999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('profile_not_found');
  });

  it('takes steps 1 to 4 (skippable photo and about me; details; push) and remembers the next step', async () => {
    const { client } = await signUp(app);
    const step = (payload: Record<string, unknown>) =>
      client.request({ method: 'PUT', url: '/api/signup.php', payload });
    expect((await step({ step: 1 })).json().user.signup_step).toBe(2);
    expect((await step({ step: 2, about_me: 'I like long walks.' })).json().user.signup_step).toBe(3);
    const details = await step({
      step: 3,
      gender: 'female',
      sexuality: 'hetero',
      country: 'NL',
      region: 'NH',
      city: 'Amsterdam',
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().user).toMatchObject({ signup_step: 4, profile: { country: 'NL' } });
    expect((await step({ step: 4 })).json().user.signup_step).toBe(5);
    // Going back to an earlier step does not move the progress back.
    expect((await step({ step: 2, about_me: 'Changed my mind.' })).json().user.signup_step).toBe(5);
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, details.json().user.id));
    expect(profile).toMatchObject({
      gender: 'female',
      sexuality: 'hetero',
      region: 'NH',
      city: 'Amsterdam',
      aboutMe: 'Changed my mind.',
    });

    const badCountry = await step({ step: 3, gender: 'male', sexuality: 'gay', country: 'ZZ' });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().error.fields).toEqual([expect.objectContaining({ path: 'country' })]);
    const badRegion = await step({ step: 3, gender: 'male', sexuality: 'gay', country: 'NL', region: 'CA' });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().error.fields).toEqual([
      expect.objectContaining({ path: 'region', code: 'region_invalid' }),
    ]);
    const badGender = await step({ step: 3, gender: 'other', sexuality: 'gay', country: 'NL' });
    expect(badGender.statusCode).toBe(400);
  });

  it('answers 403 authentication_required to a visitor on the signup steps', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/signup.php',
      headers: clientHeaders,
      payload: { step: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().authentication_required).toBe(true);
  });

  it('rate-limits signups per IP and per e-mail address', async () => {
    const client = createClient(app);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      codes.push(
        (
          await client.request({
            method: 'POST',
            url: '/api/signup.php',
            payload: signupBody({ date_of_birth: '2020-01-01' }),
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(codes[10]).toBe(429);

    const email = uniqueEmail();
    const perEmail: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      perEmail.push((await postSignup(signupBody({ email, date_of_birth: '2020-01-01' }))).statusCode);
    expect(perEmail.slice(0, 5).every((code) => code === 400)).toBe(true);
    expect(perEmail[5]).toBe(429);
  });
});
