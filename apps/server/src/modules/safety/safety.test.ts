import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResponse, SendMessageResponse } from '@app/contracts';
import { photoScreenings, safetySettings, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Client } from '../../test-support/accounts.ts';
import {
  createMember,
  EXPLICIT_COLOUR,
  makeJpeg,
  makePremium,
  multipartBody,
  uploadPhoto,
  type TestMember,
} from '../../test-support/members.ts';
import { postLedgerEntry } from '../credits/index.ts';
import { ClassifierUnavailable, createTestClassifier, type ImageClassifier } from './classifier.ts';

async function sendPhoto(client: Client, to: number, colour?: { r: number; g: number; b: number }) {
  const body = multipartBody(
    { data: await makeJpeg(400, 300, { colour }) },
    { to: String(to), client_id: randomUUID() },
  );
  const response = await client.request({
    method: 'POST',
    url: '/api/message-photo.php',
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<SendMessageResponse>();
}

const openChat = async (member: TestMember, partnerId: number) =>
  (await member.client.request({ url: `/api/chat.php?profile=${partnerId}` })).json<ChatResponse>();

async function premiumWithCredits(app: TestApp, member: TestMember) {
  await makePremium(app, member);
  await postLedgerEntry(app.db, {
    userId: member.user.id,
    amount: 200,
    reason: 'bonus',
    idempotencyKey: `test:safety:${member.user.id}`,
  });
}

async function like(member: TestMember, profileId: number) {
  const response = await member.client.request({ method: 'POST', url: '/api/like.php', payload: { id: profileId } });
  expect(response.statusCode).toBe(200);
}

describe('photo screening and chat photo blur', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const runJobs = () => app.jobs.runDueJobs(app.clock.now());

  it('scores every uploaded profile photo after the upload, and stores the score and labels with it', async () => {
    const member = await createMember(app);
    const plain = (await uploadPhoto(member.client)).json<{ photo: { id: number } }>().photo;
    const explicit = (await uploadPhoto(member.client, await makeJpeg(400, 400, { colour: EXPLICIT_COLOUR }))).json<{
      photo: { id: number };
    }>().photo;
    // After the commit, by a job: nothing is scored on the upload's path.
    expect(await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, plain.id))).toEqual([]);
    await runJobs();
    const [plainRow] = await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, plain.id));
    const [explicitRow] = await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, explicit.id));
    expect(plainRow).toMatchObject({ source: 'profile', status: 'scored', isExplicit: false, model: 'test-colour' });
    expect(plainRow!.labels).toHaveProperty('neutral');
    expect(explicitRow).toMatchObject({ status: 'scored', isExplicit: true });
    expect(explicitRow!.score).toBeGreaterThan(0.9);
  });

  it('blurs an explicit chat photo for a receiver who has not matched, with the original only after View', async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    const carol = await createMember(app);
    await premiumWithCredits(app, alice);
    const sent = await sendPhoto(alice.client, bob.profileId, EXPLICIT_COLOUR);
    // The sender sees their own photo, and learns once that such photos may arrive blurred.
    expect(sent.message.photo).toMatchObject({ blurred: false, blur_reason: null });
    expect(sent.blur_notice).toBe(true);
    expect((await sendPhoto(alice.client, bob.profileId)).blur_notice).toBe(false);

    // Not screened yet: the receiver gets the blurred copy, as "not checked yet".
    let [first] = (await openChat(bob, alice.profileId)).messages;
    expect(first!.photo).toMatchObject({ blurred: true, blur_reason: 'checking' });
    await runJobs();
    const [explicitMessage, plainMessage] = (await openChat(bob, alice.profileId)).messages;
    expect(explicitMessage!.photo).toMatchObject({ blurred: true, blur_reason: 'explicit' });
    expect(plainMessage!.photo).toMatchObject({ blurred: false, blur_reason: null });
    first = explicitMessage;
    // The blurred copy is served, and its URL names the blurred size only.
    expect(first!.photo!.url).toContain('s=blur');
    expect(first!.photo!.thumb_url).toContain('s=blur');
    const blurredFile = await app.inject({ url: first!.photo!.url });
    expect(blurredFile.statusCode).toBe(200);
    expect(blurredFile.headers['content-type']).toBe('image/jpeg');

    // View: the original, signed for the receiver; nobody else of the conversation's outside gets it.
    const view = await bob.client.request({
      method: 'POST',
      url: '/api/chat-photo-view.php',
      payload: { message_id: first!.id },
    });
    expect(view.statusCode).toBe(200);
    const original = await app.inject({ url: view.json<{ url: string }>().url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.length).toBeGreaterThan(blurredFile.rawPayload.length / 4);
    const stranger = await carol.client.request({
      method: 'POST',
      url: '/api/chat-photo-view.php',
      payload: { message_id: first!.id },
    });
    expect(stranger.statusCode).toBe(404);
    const invalid = await bob.client.request({
      method: 'POST',
      url: '/api/chat-photo-view.php',
      payload: { message_id: 'x' },
    });
    expect(invalid.statusCode).toBe(400);

    // The sender never sees their own photo blurred.
    const [own] = (await openChat(alice, bob.profileId)).messages;
    expect(own!.photo).toMatchObject({ blurred: false });
  });

  it("follows the receiver's choice: members not matched (default), everyone, or never", async () => {
    const alice = await createMember(app);
    const bob = await createMember(app);
    await premiumWithCredits(app, alice);
    await sendPhoto(alice.client, bob.profileId, EXPLICIT_COLOUR);
    await runJobs();
    const blurredNow = async () => (await openChat(bob, alice.profileId)).messages[0]!.photo!.blurred;
    expect((await bob.client.request({ url: '/api/safety.php' })).json()).toEqual({
      settings: { chat_photo_blur: 'unmatched' },
    });
    expect(await blurredNow()).toBe(true);
    await like(alice, bob.profileId);
    await like(bob, alice.profileId);
    // Matched: the default shows it.
    expect(await blurredNow()).toBe(false);
    const choose = (choice: string) =>
      bob.client.request({ method: 'PUT', url: '/api/safety.php', payload: { chat_photo_blur: choice } });
    expect((await choose('everyone')).json()).toEqual({ settings: { chat_photo_blur: 'everyone' } });
    expect(await blurredNow()).toBe(true);
    expect((await choose('never')).statusCode).toBe(200);
    expect(await blurredNow()).toBe(false);
    const bad = await choose('sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });
});

describe('safety data and the account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("goes with the account: the photos' screenings and the member's choices", async () => {
    const member = await createMember(app);
    const photoId = (await uploadPhoto(member.client)).json<{ photo: { id: number } }>().photo.id;
    await app.jobs.runDueJobs(app.clock.now());
    await member.client.request({ method: 'PUT', url: '/api/safety.php', payload: { chat_photo_blur: 'never' } });
    expect(await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, photoId))).toHaveLength(1);
    expect(await app.db.select().from(safetySettings).where(eq(safetySettings.userId, member.user.id))).toHaveLength(1);
    const deletedAt = new Date(Date.now() - 15 * 24 * 3600_000);
    await app.db.update(users).set({ status: 'deleted_pending', deletedAt }).where(eq(users.id, member.user.id));
    expect(await app.services.accounts.purgeAccount(member.user.id, new Date())).toBe(true);
    expect(await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, photoId))).toEqual([]);
    expect(await app.db.select().from(safetySettings).where(eq(safetySettings.userId, member.user.id))).toEqual([]);
  });
});

describe('photo screening when the classifier fails', () => {
  let app: TestApp;
  let broken = true;
  const classifier: ImageClassifier = {
    name: 'flaky',
    warm: async () => {},
    classify: (image) =>
      broken ? Promise.reject(new ClassifierUnavailable('no model')) : createTestClassifier().classify(image),
  };
  beforeAll(async () => {
    app = await buildTestApp({}, { classifier });
  });
  afterAll(() => app.close());

  it('keeps the upload and leaves the photo for manual review, never a 500', async () => {
    const member = await createMember(app);
    const upload = await uploadPhoto(member.client);
    expect(upload.statusCode).toBe(201);
    const photoId = upload.json<{ photo: { id: number } }>().photo.id;
    await app.jobs.runDueJobs(app.clock.now());
    const [row] = await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, photoId));
    expect(row).toMatchObject({ status: 'failed', score: null, isExplicit: false, model: 'flaky:model_unavailable' });
    const photos = await member.client.request({ url: '/api/photos.php' });
    expect(photos.statusCode).toBe(200);
    expect(JSON.stringify(photos.json())).toContain(String(photoId));
    broken = false;
  });
});
