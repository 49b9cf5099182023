// Chat abuse cases (issue 25): a client id reused for other content, a burst of large photo uploads, and chat photo
// URLs kept by a partner blocked afterwards.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '@app/contracts';
import { messages } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Client } from '../../test-support/accounts.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import { PHOTO_WORK_CONCURRENCY } from '../photos/index.ts';
import { createMember, makeJpeg, makePremium, multipartBody, type TestMember } from '../../test-support/members.ts';

const sendText = (client: Client, to: number, clientId: string, body: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/message.php', payload: { to, client_id: clientId, ...body } });

const sendPhoto = (client: Client, to: number, clientId: string, photo: Buffer) => {
  const body = multipartBody({ data: photo }, { to: String(to), client_id: clientId });
  return client.request({
    method: 'POST',
    url: '/api/message-photo.php',
    payload: body.payload,
    headers: body.headers,
  });
};

/** A JPEG with noise, so its encoding is large and unlike any other. */
async function noisyJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = state >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('chat abuse', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function pair(): Promise<{ alice: TestMember; bob: TestMember }> {
    const alice = await createMember(app);
    const bob = await createMember(app);
    await postLedgerEntry(app.db, {
      userId: alice.user.id,
      amount: 500,
      reason: 'bonus',
      idempotencyKey: `test:abuse:${alice.user.id}`,
    });
    return { alice, bob };
  }

  it('answers 409 client_id_reused for the same client id with other text, gift or receiver, and replays the same payload once charged', async () => {
    const { alice, bob } = await pair();
    const carol = await createMember(app);
    const clientId = randomUUID();
    const first = await sendText(alice.client, bob.profileId, clientId, { text: 'Hello Bob' });
    expect(first.statusCode).toBe(200);
    const balance = await getBalance(app.db, alice.user.id);

    const reused = await sendText(alice.client, bob.profileId, clientId, { text: 'Visit https://spam.example now' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toMatchObject({
      code: 'client_id_reused',
      message: getTranslator('en')('errors:client_id_reused'),
    });
    expect((await sendText(alice.client, carol.profileId, clientId, { text: 'Hello Bob' })).statusCode).toBe(409);
    expect((await sendText(alice.client, bob.profileId, clientId, { gift: 'rose' })).statusCode).toBe(409);

    const again = await sendText(alice.client, bob.profileId, clientId, { text: 'Hello Bob' });
    expect(again.statusCode).toBe(200);
    expect(again.json<SendMessageResponse>().message).toMatchObject({
      id: first.json<SendMessageResponse>().message.id,
      body: 'Hello Bob',
    });
    expect(await getBalance(app.db, alice.user.id)).toBe(balance);
    expect(await app.db.select().from(messages).where(eq(messages.clientId, clientId))).toHaveLength(1);

    // Gifts the same way: the same gift again is a replay, another gift is refused.
    const giftId = randomUUID();
    expect((await sendText(alice.client, bob.profileId, giftId, { gift: 'rose' })).statusCode).toBe(200);
    expect((await sendText(alice.client, bob.profileId, giftId, { gift: 'rose' })).statusCode).toBe(200);
    expect((await sendText(alice.client, bob.profileId, giftId, { gift: 'heart' })).statusCode).toBe(409);
  });

  it('replays the same chat photo under its client id, and refuses another photo under it', async () => {
    const { alice, bob } = await pair();
    await makePremium(app, alice);
    const clientId = randomUUID();
    const photo = await noisyJpeg(320, 240, 1);
    const first = await sendPhoto(alice.client, bob.profileId, clientId, photo);
    expect(first.statusCode).toBe(200);
    const balance = await getBalance(app.db, alice.user.id);
    const again = await sendPhoto(alice.client, bob.profileId, clientId, photo);
    expect(again.statusCode).toBe(200);
    expect(again.json<SendMessageResponse>().message.id).toBe(first.json<SendMessageResponse>().message.id);
    const other = await sendPhoto(alice.client, bob.profileId, clientId, await noisyJpeg(320, 240, 2));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('client_id_reused');
    expect(await getBalance(app.db, alice.user.id)).toBe(balance);
    expect(await app.db.select().from(messages).where(eq(messages.clientId, clientId))).toHaveLength(1);
  });

  it(`processes at most ${PHOTO_WORK_CONCURRENCY} photos at once, and a burst of large chat and profile photos all succeed`, async () => {
    const { alice, bob } = await pair();
    await makePremium(app, alice);
    const large = await noisyJpeg(2400, 1800, 7);
    const chatSends = Array.from({ length: 8 }, () => sendPhoto(alice.client, bob.profileId, randomUUID(), large));
    const profileUploads = Array.from({ length: 3 }, () => {
      const body = multipartBody({ data: large });
      return bob.client.request({
        method: 'POST',
        url: '/api/photo.php',
        payload: body.payload,
        headers: body.headers,
      });
    });
    const [chatResults, profileResults] = await Promise.all([Promise.all(chatSends), Promise.all(profileUploads)]);
    expect(chatResults.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(profileResults.map((response) => response.statusCode)).toEqual(Array(3).fill(201));
    const work = app.services.photos.photoWork;
    expect(work.peak).toBe(PHOTO_WORK_CONCURRENCY);
    expect(work.active).toBe(0);
  });

  it('revokes chat photo URLs handed out before a block, either way, for both members', async () => {
    const { alice, bob } = await pair();
    await makePremium(app, alice);
    const sent = await sendPhoto(alice.client, bob.profileId, randomUUID(), await makeJpeg(300, 200));
    expect(sent.statusCode).toBe(200);
    const conversation = sent.json<SendMessageResponse>().conversation.id;
    const bobsView = (await bob.client.request({ url: `/api/chat.php?conversation=${conversation}` })).json<{
      messages: SendMessageResponse['message'][];
    }>();
    const bobsUrl = bobsView.messages[0]!.photo!.url;
    const alicesUrl = sent.json<SendMessageResponse>().message.photo!.url;
    expect((await app.inject({ url: bobsUrl })).statusCode).toBe(200);
    expect((await app.inject({ url: alicesUrl })).statusCode).toBe(200);
    // A URL signed for one member is not another's.
    expect((await app.inject({ url: bobsUrl.replace(`v=${bob.profileId}`, `v=${alice.profileId}`) })).statusCode).toBe(
      404,
    );

    expect(
      (await alice.client.request({ method: 'POST', url: '/api/block.php', payload: { id: bob.profileId } }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ url: bobsUrl })).statusCode).toBe(404);
    expect((await app.inject({ url: bobsUrl.replace('s=full', 's=thumb') })).statusCode).toBe(404);
    expect((await app.inject({ url: alicesUrl })).statusCode).toBe(404);

    expect(
      (await alice.client.request({ method: 'DELETE', url: '/api/block.php', payload: { id: bob.profileId } }))
        .statusCode,
    ).toBe(200);
    const file = await app.inject({ url: bobsUrl });
    expect(file.statusCode).toBe(200);
    // Browsers keep it minutes, not the URL's hour or two: a block takes effect on the next fetch.
    expect(file.headers['cache-control']).toMatch(/^private, max-age=([0-9]|[1-9][0-9]|[1-2][0-9]{2}|300)$/);
  });
});
