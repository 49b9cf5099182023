// What a member who has not confirmed the e-mail address may do (docs/unconfirmed-members.md).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { likes, messages, reports } from '../../db/schema/index.ts';
import { getBalance } from '../credits/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, uploadPhoto, type TestMember } from '../../test-support/members.ts';

describe('an unconfirmed member', () => {
  let app: TestApp;
  let unconfirmed: TestMember;
  let other: TestMember;
  beforeAll(async () => {
    app = await buildTestApp();
    unconfirmed = await createMember(app, { isActive: false });
    other = await createMember(app);
  });
  afterAll(() => app.close());

  it('cannot like or swipe, with a translated activation_required, and nothing is stored', async () => {
    const like = await unconfirmed.client.request({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: other.profileId },
    });
    expect(like.statusCode).toBe(403);
    expect(like.json().error).toMatchObject({
      code: 'activation_required',
      message: expect.stringMatching(/^Confirm your e-mail address first/),
    });
    const swipe = await unconfirmed.client.request({
      method: 'POST',
      url: '/api/swipe.php',
      payload: { id: other.profileId, action: 'like' },
    });
    expect(swipe.statusCode).toBe(403);
    expect(swipe.json().error.code).toBe('activation_required');
    expect(await app.db.$count(likes, eq(likes.profileId, unconfirmed.profileId))).toBe(0);
    const german = await unconfirmed.client.request({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: other.profileId },
      cookies: { lang: 'de' },
    });
    expect(german.json().error.message).toMatch(/^Bestätige zuerst/);
  });

  it('cannot write a message or send a gift, with a translated activation_required: nothing stored or charged', async () => {
    const partner = await createMember(app);
    const credits = await getBalance(app.db, unconfirmed.user.id);
    const text = await unconfirmed.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: partner.profileId, client_id: randomUUID(), text: 'Hello' },
    });
    expect(text.statusCode).toBe(403);
    expect(text.json().error).toMatchObject({
      code: 'activation_required',
      message: expect.stringMatching(/^Confirm your e-mail address first/),
    });
    const gift = await unconfirmed.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: partner.profileId, client_id: randomUUID(), gift: 'rose' },
      cookies: { lang: 'de' },
    });
    expect(gift.statusCode).toBe(403);
    expect(gift.json().error.message).toMatch(/^Bestätige zuerst/);
    expect(await app.db.$count(messages, eq(messages.senderProfileId, unconfirmed.profileId))).toBe(0);
    expect(await getBalance(app.db, unconfirmed.user.id)).toBe(credits);
  });

  it('cannot report, with a translated activation_required, and nothing is stored', async () => {
    const partner = await createMember(app);
    const report = await unconfirmed.client.request({
      method: 'POST',
      url: '/api/report.php',
      payload: { profile: partner.profileId, target: 'profile', reason: 'fake_profile' },
    });
    expect(report.statusCode).toBe(403);
    expect(report.json().error.code).toBe('activation_required');
    expect(await app.db.$count(reports, eq(reports.reporterProfileId, unconfirmed.profileId))).toBe(0);
  });

  it('can still build the profile, upload photos (the signup steps do), search, and block (a safety action)', async () => {
    expect((await uploadPhoto(unconfirmed.client)).statusCode).toBe(201);
    expect(
      (await unconfirmed.client.request({ method: 'PUT', url: '/api/profile.php', payload: { city: 'Leiden' } }))
        .statusCode,
    ).toBe(200);
    expect((await unconfirmed.client.request({ url: '/api/search.php' })).statusCode).toBe(200);
    expect(
      (await unconfirmed.client.request({ method: 'POST', url: '/api/block.php', payload: { id: other.profileId } }))
        .statusCode,
    ).toBe(200);
  });

  it('can like once the account is confirmed', async () => {
    const confirmed = await createMember(app);
    expect(
      (await confirmed.client.request({ method: 'POST', url: '/api/like.php', payload: { id: other.profileId } }))
        .statusCode,
    ).toBe(200);
  });
});
