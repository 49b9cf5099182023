import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { DATA_EXPORT_ERROR_CODES } from '@app/contracts';
import { dataExports, trafficMembers, trafficVisits } from '../../db/schema/index.ts';
import { hasTranslation } from '../../lib/i18n.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { advanceClock, mailsTo, type Client } from '../../test-support/accounts.ts';
import { postLedgerEntry } from '../credits/index.ts';
import {
  createMember,
  makeJpeg,
  makePremium,
  multipartBody,
  sendVerificationSelfie,
  uploadPhoto,
  visitor,
  type TestMember,
} from '../../test-support/members.ts';

/** Every file of a zip, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip: ZipFile) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const requestExport = (client: Client) => client.request({ method: 'POST', url: '/api/data-export.php' });

describe('GDPR data export', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function exportLink(member: TestMember): Promise<string> {
    await app.jobs.runDueJobs(app.clock.now());
    const mail = (await mailsTo(app, member.email)).find((entry) => entry.template === 'dataExportReady');
    expect(mail, 'export mail').toBeDefined();
    const link = mail!.links.find((entry) => new URL(entry).pathname === '/api/data-export.php');
    return new URL(link!).pathname + new URL(link!).search;
  }

  it('has an English message for every export error code', () => {
    for (const code of DATA_EXPORT_ERROR_CODES) expect(hasTranslation(`errors:${code}`, { count: 2 }), code).toBe(true);
  });

  it('zips the profile, photo files, messages sent, likes, orders, ledger and consents, and mails the link', async () => {
    const member = await createMember(app, { gender: 'female', sexuality: 'hetero', aboutMe: 'Export me' });
    const other = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    const jpeg = await makeJpeg(300, 260);
    const photo = (await uploadPhoto(member.client, jpeg)).json().photo;
    await member.client.request({ method: 'POST', url: '/api/like.php', payload: { id: other.profileId } });
    // A visit of the other's profile (recorded by the outbox consumer after the page: docs/visitors.md).
    expect((await member.client.request({ url: `/api/member.php?id=${other.profileId}` })).statusCode).toBe(200);
    const sent = await member.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: other.profileId, client_id: randomUUID(), text: 'My words' },
    });
    expect(sent.statusCode).toBe(200);
    await other.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: member.profileId, client_id: randomUUID(), text: 'Not mine' },
    });
    // A photo sent in the chat (premium members may) goes in with its file.
    await makePremium(app, member);
    await postLedgerEntry(app.db, {
      userId: member.user.id,
      amount: 100,
      reason: 'bonus',
      idempotencyKey: `test:data-export:${member.user.id}`,
    });
    const chatPhoto = multipartBody(
      { data: await makeJpeg(320, 240) },
      { to: String(other.profileId), client_id: randomUUID() },
    );
    const photoSent = await member.client.request({
      method: 'POST',
      url: '/api/message-photo.php',
      payload: chatPhoto.payload,
      headers: chatPhoto.headers,
    });
    expect(photoSent.statusCode, photoSent.body).toBe(200);
    const photoMessageId = photoSent.json().message.id as number;

    // The first touch the member signed up with (paid traffic, docs/traffic.md).
    const visitorId = randomUUID();
    const now = new Date();
    await app.db.insert(trafficMembers).values({ userId: member.user.id, visitorId, createdAt: now });
    await app.db.insert(trafficVisits).values({
      visitorId,
      siteId: (await app.sites.resolve('')).id,
      day: now.toISOString().slice(0, 10),
      network: 'adnet',
      clickId: 'click-of-mine',
      path: '/landers/gallery',
      createdAt: now,
    });

    // Safety data (docs/safety.md): the photos' screenings (the selfie's with its face similarity) and the member's
    // blur choice.
    expect((await sendVerificationSelfie(member.client, await makeJpeg())).statusCode).toBe(200);
    await app.jobs.runDueJobs(app.clock.now());
    await member.client.request({ method: 'PUT', url: '/api/safety.php', payload: { chat_photo_blur: 'everyone' } });

    const response = await requestExport(member.client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'pending' });
    const path = await exportLink(member);
    const mail = (await mailsTo(app, member.email)).find((entry) => entry.template === 'dataExportReady')!;
    expect(mail.subject).toMatch(/ready/);

    const download = await member.client.request({ url: path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(download.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'consents.json',
        'export.json',
        'safety.json',
        'ledger.json',
        'likes.json',
        'profile-visits.json',
        'visits.json',
        'messages-sent.json',
        'orders.json',
        'photos.json',
        'profile.json',
        `photos/${photo.id}.jpg`,
        `chat-photos/${photoMessageId}.jpg`,
      ].sort(),
    );
    const read = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    const profile = read('profile.json');
    expect(profile.account).toMatchObject({ id: member.user.id, email: member.email });
    expect(profile.account).not.toHaveProperty('passwordHash');
    expect(profile.profile).toMatchObject({ id: member.profileId, name: member.name, aboutMe: 'Export me' });
    expect(read('photos.json')).toEqual([
      expect.objectContaining({ id: photo.id, file: `photos/${photo.id}.jpg`, is_main: true }),
    ]);
    // The stored file itself (orientation and metadata stripped by processing, so a JPEG, not the upload's bytes).
    expect(files.get(`photos/${photo.id}.jpg`)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(read('messages-sent.json')).toEqual([
      expect.objectContaining({ kind: 'text', body: 'My words', photo_file: null }),
      expect.objectContaining({ id: photoMessageId, kind: 'photo', photo_file: `chat-photos/${photoMessageId}.jpg` }),
    ]);
    expect(read('messages-sent.json')[1]).not.toHaveProperty('photoKey');
    expect(files.get(`chat-photos/${photoMessageId}.jpg`)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(read('likes.json')).toEqual([expect.objectContaining({ profileId: other.profileId, name: other.name })]);
    expect(read('profile-visits.json')).toEqual([
      expect.objectContaining({ profileId: other.profileId, name: other.name }),
    ]);
    expect(read('orders.json')).toEqual([]);
    const ledger = read('ledger.json') as { amount: number; reason: string }[];
    expect(ledger.some((entry) => entry.amount < 0)).toBe(true);
    expect(read('consents.json')).toHaveProperty('notification_preferences');
    expect(read('export.json')).toMatchObject({ user_id: member.user.id });
    const safety = read('safety.json');
    expect(safety.chat_photo_blur).toBe('everyone');
    expect(safety.blur_notice_at).toEqual(expect.any(String));
    expect(safety.risk).toBeNull();
    expect(safety.photo_screenings).toHaveLength(3);
    expect(safety.photo_screenings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'profile', photoId: photo.id, status: 'scored', isExplicit: false }),
        expect.objectContaining({ source: 'chat', messageId: photoMessageId, status: 'scored' }),
        expect.objectContaining({ source: 'selfie', status: 'scored', faceCheck: 'compared', faceSimilarity: 1 }),
      ]),
    );
    expect(read('visits.json')).toEqual([
      expect.objectContaining({
        visitor_id: visitorId,
        network: 'adnet',
        click_id: 'click-of-mine',
        path: '/landers/gallery',
      }),
    ]);
  });

  it('allows one export per 24 hours', async () => {
    const member = await createMember(app);
    expect((await requestExport(member.client)).statusCode).toBe(200);
    const again = await requestExport(member.client);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('data_export_limited');
    expect(await app.db.$count(dataExports, eq(dataExports.userId, member.user.id))).toBe(1);
    expect((await requestExport(visitor(app))).statusCode).toBe(403);
  });

  it('serves the link only with the member’s session and a valid signature; expires it and deletes the file', async () => {
    const member = await createMember(app);
    const other = await createMember(app);
    expect((await requestExport(member.client)).statusCode).toBe(200);
    const path = await exportLink(member);
    const url = new URL(path, 'http://localhost');

    // Logged out: log in first, then back to the same link.
    const loggedOut = await visitor(app).request({ url: path });
    expect(loggedOut.statusCode).toBe(302);
    expect(loggedOut.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    // Someone else's session with the member's link.
    const foreign = await other.client.request({ url: path });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('data_export_link_invalid');
    // Forged: another signature, another id, a later expiry.
    const forged = new URL(url);
    forged.searchParams.set(
      'sig',
      `${url.searchParams.get('sig')!.slice(0, -1)}${url.searchParams.get('sig')!.endsWith('A') ? 'B' : 'A'}`,
    );
    expect((await member.client.request({ url: forged.pathname + forged.search })).statusCode).toBe(404);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    expect((await member.client.request({ url: later.pathname + later.search })).statusCode).toBe(404);
    const otherId = new URL(url);
    otherId.searchParams.set('id', String(Number(url.searchParams.get('id')) + 1));
    expect((await member.client.request({ url: otherId.pathname + otherId.search })).statusCode).toBe(404);
    expect((await member.client.request({ url: path })).statusCode).toBe(200);

    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.userId, member.user.id));
    expect(await app.storage.exists(row!.fileKey!)).toBe(true);
    const realNow = app.clock.now;
    try {
      advanceClock(app, 7 * 24 * 60 * 60_000 + 60_000);
      const expired = await member.client.request({ url: path });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.code).toBe('data_export_link_expired');
      // The hourly job deletes the file.
      expect(await app.services.dataExport.expire(app.clock.now())).toBeGreaterThanOrEqual(1);
      const [after] = await app.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
      expect(after).toMatchObject({ status: 'expired', fileKey: null });
      expect(await app.storage.exists(row!.fileKey!)).toBe(false);
    } finally {
      app.clock.now = realNow;
    }
  });
});
