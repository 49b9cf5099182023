import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photosResponseSchema, uploadPhotoResponseSchema, userResponseSchema } from '@app/contracts';
import { photos, sites, users } from '../../db/schema/index.ts';
import { queuedJobs } from '../../test-support/jobs.ts';
import { startS3StandIn, type S3StandIn } from '../../test-support/s3-stand-in.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signUp } from '../../test-support/accounts.ts';
import { createMember, makeJpeg, makePremium, multipartBody, uploadPhoto } from '../../test-support/members.ts';

/** A valid 1x1 PNG whose header claims `width` x `height` (CRC fixed): a decompression bomb's header without the bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); the CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** Every photo test runs on both storage backends: a folder (DATA_DIR) and S3-compatible object storage. */
describe.each(['disk', 's3'] as const)('photos (photo.php, photos.php) on %s storage', (backend) => {
  let app: TestApp;
  let s3: S3StandIn | undefined;
  beforeAll(async () => {
    s3 = backend === 's3' ? await startS3StandIn() : undefined;
    app = await buildTestApp(
      s3
        ? {
            s3: {
              bucket: 'test-photos',
              region: 'us-east-1',
              endpoint: s3.endpoint,
              accessKeyId: 'key',
              secretAccessKey: 'secret',
              forcePathStyle: true,
            },
          }
        : {},
    );
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  /** The stored file behind a public /uploads URL or a stored key, through whichever backend the app uses. */
  const keyOf = (url: string) => url.replace(/^.*\/uploads\//, '');
  const storedFile = async (key: string): Promise<Buffer | null> => {
    const file = await app.storage.read(key);
    return file ? buffer(file.body) : null;
  };
  const keysOf = async (photoId: number) => {
    const [row] = await app.db.select().from(photos).where(eq(photos.id, photoId));
    return row ? [row.fileKey, row.thumbKey] : [];
  };

  it('re-encodes an upload to JPEG, makes the first one the main photo and serves it with long caching', async () => {
    const member = await createMember(app);
    const response = await uploadPhoto(
      member.client,
      await sharp({ create: { width: 2400, height: 1200, channels: 4, background: '#33aa5580' } })
        .png()
        .toBuffer(),
      {
        filename: 'me.png',
        contentType: 'image/png',
      },
    );
    expect(response.statusCode).toBe(201);
    const body = uploadPhotoResponseSchema.parse(response.json());
    expect(body.photo).toMatchObject({ is_main: true, is_private: false, width: 1600, height: 800 });
    expect(body.main_image).toEqual({
      filename: body.photo.filename,
      thumb_filename: body.photo.thumb_filename,
      status: 'active',
    });
    expect(body.photo.filename).toMatch(/^\/uploads\/photos\/[0-9a-f]{2}\/[0-9a-f-]{36}\.jpg$/);

    const image = await app.inject({ url: body.photo.filename });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    const thumb = await sharp((await storedFile(keyOf(body.photo.thumb_filename)))!).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 400]);

    // The user payload (top navigation avatar) carries the main image too.
    const user = userResponseSchema.parse((await member.client.request({ url: '/api/user.php' })).json()).user;
    expect(user.profile.main_image).toEqual(body.main_image);
  });

  it('strips EXIF and GPS metadata and applies the EXIF orientation', async () => {
    const member = await createMember(app);
    const input = await makeJpeg(300, 200, { withGps: true, orientation: 6 });
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('Spy 3000');
    expect(inputMeta.orientation).toBe(6);

    const response = await uploadPhoto(member.client, input);
    expect(response.statusCode).toBe(201);
    const { photo } = uploadPhotoResponseSchema.parse(response.json());
    for (const url of [photo.filename, photo.thumb_filename]) {
      const stored = (await storedFile(keyOf(url)))!;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('Spy 3000'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    }
    // Orientation 6 is a 90 degree turn: 300 x 200 becomes 200 x 300.
    expect([photo.width, photo.height]).toEqual([200, 300]);
  });

  it('refuses a file that is not an image, and an SVG', async () => {
    const member = await createMember(app);
    const text = await uploadPhoto(member.client, Buffer.from('%PDF-1.4 definitely not a photo'), {
      filename: 'cv.pdf',
      contentType: 'application/pdf',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({
      code: 'photo_invalid',
      message: expect.stringContaining('not a photo we can read'),
    });

    const svg = await uploadPhoto(
      member.client,
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      {
        filename: 'x.svg',
        contentType: 'image/svg+xml',
      },
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.code).toBe('photo_type_unsupported');
    expect(await app.db.select().from(photos).where(eq(photos.profileId, member.profileId))).toEqual([]);
  });

  it('refuses an oversized file with the limit in MB', async () => {
    const member = await createMember(app);
    const huge = Buffer.concat([await makeJpeg(), Buffer.alloc(PHOTO_MAX_BYTES + 1024)]);
    const response = await uploadPhoto(member.client, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'photo_too_large',
      params: { max_mb: 15 },
      message: 'This photo is too large. Photos may be at most 15 MB.',
    });
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    const member = await createMember(app);
    const response = await uploadPhoto(member.client, await pngClaiming(20_000, 20_000), {
      filename: 'bomb.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'photo_too_many_pixels', params: { max_megapixels: 50 } });
  });

  it('answers photo_required for a form without a file, and refuses bodies that are not multipart', async () => {
    const member = await createMember(app);
    const boundary = '----nofile';
    const fieldsOnly = await member.client.request({
      method: 'POST',
      url: '/api/photo.php',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="is_private"\r\n\r\n1\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      cookies: { lang: 'de' },
    });
    expect(fieldsOnly.statusCode).toBe(400);
    // The message follows the request's language: German here.
    expect(fieldsOnly.json().error).toMatchObject({
      code: 'photo_required',
      message: 'Wähle ein Foto zum Hochladen aus.',
    });
    const json = await member.client.request({ method: 'POST', url: '/api/photo.php', payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('photo_required');
    const empty = multipartBody({ data: Buffer.alloc(0) });
    const emptyFile = await member.client.request({
      method: 'POST',
      url: '/api/photo.php',
      payload: empty.payload,
      headers: empty.headers,
    });
    expect(emptyFile.json().error.code).toBe('photo_invalid');
  });

  it('limits free members to 3 photos and premium members to 25', async () => {
    const member = await createMember(app);
    for (let index = 0; index < 3; index++) expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    const fourth = await uploadPhoto(member.client);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toMatchObject({
      code: 'photo_limit_reached',
      message: 'Photo limit reached for free members',
    });

    await makePremium(app, member);
    const profile = (await member.client.request({ url: '/api/profile.php' })).json().profile;
    expect(profile.photo_limit).toBe(25);
    const uploads = await Promise.all(Array.from({ length: 22 }, () => uploadPhoto(member.client)));
    expect(uploads.filter((response) => response.statusCode !== 201).map((response) => response.body)).toEqual([]);
    const over = await uploadPhoto(member.client);
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toMatchObject({ code: 'photo_limit_max', params: { max: 25 } });
    expect(await app.db.$count(photos, eq(photos.profileId, member.profileId))).toBe(25);
  });

  it('keeps the limit when uploads race', async () => {
    const member = await createMember(app);
    const responses = await Promise.all(Array.from({ length: 6 }, () => uploadPhoto(member.client)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(await app.db.$count(photos, eq(photos.profileId, member.profileId))).toBe(3);
  });

  it('sets the main photo, marks photos private (never the main one) and deletes with a new main photo taking over', async () => {
    const member = await createMember(app);
    const first = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client)).json()).photo;
    const second = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client)).json()).photo;
    const third = uploadPhotoResponseSchema.parse(
      (await uploadPhoto(member.client, undefined, { isPrivate: true })).json(),
    ).photo;
    expect([first.is_main, second.is_main, third.is_main, third.is_private]).toEqual([true, false, false, true]);

    const makeMain = await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: second.id, is_main: true },
    });
    expect(makeMain.statusCode).toBe(200);
    const afterMain = photosResponseSchema.parse(makeMain.json());
    expect(afterMain.photos.map((photo) => [photo.id, photo.is_main])).toEqual([
      [second.id, true],
      [first.id, false],
      [third.id, false],
    ]);

    const privateMain = await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: second.id, is_private: true },
    });
    expect(privateMain.statusCode).toBe(400);
    expect(privateMain.json().error.code).toBe('photo_private_main');
    const mainPrivate = await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: third.id, is_main: true },
    });
    expect(mainPrivate.json().error.code).toBe('photo_private_main');

    const secondKeys = await keysOf(second.id);
    const removed = await member.client.request({
      method: 'DELETE',
      url: '/api/photo.php',
      payload: { id: second.id },
    });
    expect(removed.statusCode).toBe(200);
    const afterDelete = photosResponseSchema.parse(removed.json());
    expect(afterDelete.main_image?.filename).toBe(first.filename);
    // The files go through the job queue once the row is gone (retried until they are).
    await app.jobs.runDueJobs(app.clock.now());
    for (const key of secondKeys) expect(await app.storage.exists(key)).toBe(false);
    expect((await app.inject({ url: second.filename })).statusCode).toBe(404);
  });

  it("lets nobody change or delete another member's photo", async () => {
    const owner = await createMember(app);
    const other = await createMember(app);
    const photo = uploadPhotoResponseSchema.parse((await uploadPhoto(owner.client)).json()).photo;
    const change = await other.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: photo.id, is_private: true },
    });
    expect(change.statusCode).toBe(404);
    const remove = await other.client.request({ method: 'DELETE', url: '/api/photo.php', payload: { id: photo.id } });
    expect(remove.statusCode).toBe(404);
    expect(await app.db.$count(photos, eq(photos.id, photo.id))).toBe(1);
  });

  it('needs a login, and works during signup (step 1 after the account step)', async () => {
    const { createClient } = await import('../../test-support/accounts.ts');
    const anonymous = await uploadPhoto(createClient(app));
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().authentication_required).toBe(true);

    const { client } = await signUp(app);
    expect((await uploadPhoto(client)).statusCode).toBe(201);
    const step = await client.request({ method: 'PUT', url: '/api/signup.php', payload: { step: 1 } });
    expect(step.statusCode).toBe(200);
    const { user } = userResponseSchema.parse(step.json());
    expect(user.signup_step).toBe(2);
    expect(user.profile.main_image?.filename).toMatch(/^\/uploads\/photos\//);
  });

  it('prefixes image URLs with the site cdn_prefix', async () => {
    await app.db.update(sites).set({ cdnPrefix: 'https://cdn.example.net/' });
    app.sites.invalidate();
    try {
      const member = await createMember(app);
      const { photo } = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client)).json());
      expect(photo.filename).toMatch(/^https:\/\/cdn\.example\.net\/uploads\/photos\//);
    } finally {
      await app.db.update(sites).set({ cdnPrefix: '' });
      app.sites.invalidate();
    }
  });

  it('refuses a photo smaller than 200 x 200 pixels', async () => {
    const member = await createMember(app);
    for (const [width, height] of [
      [40, 40],
      [199, 600],
      [600, 199],
    ] as const) {
      const response = await uploadPhoto(member.client, await makeJpeg(width, height));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'photo_too_small', params: { min: 200 } });
    }
    expect((await uploadPhoto(member.client, await makeJpeg(200, 200))).statusCode).toBe(201);
    expect(await app.db.$count(photos, eq(photos.profileId, member.profileId))).toBe(1);
  });

  it('refuses an upload over the limit before reading its body', async () => {
    const member = await createMember(app);
    for (let index = 0; index < 3; index += 1) expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    let bytesRead = 0;
    const { Readable } = await import('node:stream');
    const { payload: body, headers } = multipartBody({
      data: await makeJpeg(),
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    });
    // A slow body: 1 KB at a time, counting what the server pulls.
    const stream = Readable.from(
      (async function* () {
        for (let offset = 0; offset < body.length; offset += 1024) {
          bytesRead += Math.min(1024, body.length - offset);
          yield body.subarray(offset, offset + 1024);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })(),
    );
    const response = await member.client.request({ method: 'POST', url: '/api/photo.php', headers, payload: stream });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('photo_limit_reached');
    expect(bytesRead).toBeLessThan(body.length / 2);
  });

  it('serves a private photo only to its owner and to premium members who may open the profile, never at /uploads', async () => {
    const owner = await createMember(app);
    const free = await createMember(app);
    const premium = await createMember(app);
    await makePremium(app, premium);
    const { createClient } = await import('../../test-support/accounts.ts');
    const visitor = createClient(app);
    expect((await uploadPhoto(owner.client)).statusCode).toBe(201);
    const hidden = uploadPhotoResponseSchema.parse(
      (await uploadPhoto(owner.client, undefined, { isPrivate: true })).json(),
    ).photo;
    expect(hidden.filename).toBe(`/api/photo-file.php?id=${hidden.id}`);
    expect(hidden.thumb_filename).toBe(`/api/photo-file.php?id=${hidden.id}&size=thumb`);
    const [fileKey, thumbKey] = await keysOf(hidden.id);
    expect(fileKey).toMatch(/^private\/photos\//);
    // The public file route never serves the private prefix, whoever asks.
    expect((await owner.client.request({ url: `/uploads/${fileKey}` })).statusCode).toBe(404);

    const ownView = await owner.client.request({ url: hidden.filename });
    expect(ownView.statusCode).toBe(200);
    expect(ownView.headers['content-type']).toBe('image/jpeg');
    expect(ownView.headers['cache-control']).toBe('private, max-age=300');
    expect(ownView.rawPayload.equals((await storedFile(fileKey!))!)).toBe(true);
    expect(
      (await premium.client.request({ url: hidden.thumb_filename })).rawPayload.equals((await storedFile(thumbKey!))!),
    ).toBe(true);
    expect((await free.client.request({ url: hidden.filename })).statusCode).toBe(404);
    expect((await visitor.request({ url: hidden.filename })).statusCode).toBe(404);

    // A block, either way, ends a premium member's access.
    expect(
      (await owner.client.request({ method: 'POST', url: '/api/block.php', payload: { id: premium.profileId } }))
        .statusCode,
    ).toBe(200);
    expect((await premium.client.request({ url: hidden.filename })).statusCode).toBe(404);

    for (const bad of ['', '?id=abc', '?id=0', '?id=99999999999', `?id=${hidden.id}&size=huge`]) {
      expect((await owner.client.request({ url: `/api/photo-file.php${bad}` })).statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('gives a photo new files when it turns private or public: the old URL stops answering', async () => {
    const member = await createMember(app);
    expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    const photo = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client)).json()).photo;
    const publicKeys = await keysOf(photo.id);
    expect((await app.inject({ url: photo.filename })).statusCode).toBe(200);

    const madePrivate = await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: photo.id, is_private: true },
    });
    expect(madePrivate.statusCode).toBe(200);
    const privateKeys = await keysOf(photo.id);
    expect(privateKeys.every((key) => key.startsWith('private/'))).toBe(true);
    await app.jobs.runDueJobs(app.clock.now());
    for (const key of publicKeys) expect(await app.storage.exists(key)).toBe(false);
    expect((await app.inject({ url: photo.filename })).statusCode).toBe(404);
    expect((await member.client.request({ url: `/api/photo-file.php?id=${photo.id}` })).statusCode).toBe(200);

    const madePublic = await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: photo.id, is_private: false },
    });
    const again = photosResponseSchema.parse(madePublic.json()).photos.find((entry) => entry.id === photo.id)!;
    expect(again.filename).toMatch(/^\/uploads\/photos\//);
    expect(again.filename).not.toBe(photo.filename);
    await app.jobs.runDueJobs(app.clock.now());
    for (const key of privateKeys) expect(await app.storage.exists(key)).toBe(false);
    expect((await app.inject({ url: again.filename })).statusCode).toBe(200);
  });

  it('deletes the photo files of a purged account through the job queue', async () => {
    const member = await createMember(app);
    const first = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client)).json()).photo;
    const hidden = uploadPhotoResponseSchema.parse(
      (await uploadPhoto(member.client, undefined, { isPrivate: true })).json(),
    ).photo;
    const keys = [...(await keysOf(first.id)), ...(await keysOf(hidden.id))];
    for (const key of keys) expect(await app.storage.exists(key)).toBe(true);

    // Pending deletion long enough ago that the purge job removes the account.
    await app.db
      .update(users)
      .set({ status: 'deleted_pending', deletedAt: new Date(Date.now() - 30 * 24 * 3600_000) })
      .where(eq(users.id, member.user.id));
    const { PURGE_JOB } = await import('../accounts/accounts.service.ts');
    await app.jobs.enqueue(PURGE_JOB, { userId: member.user.id });
    await app.jobs.runDueJobs(app.clock.now());
    expect(await app.db.$count(users, eq(users.id, member.user.id))).toBe(0);
    // The purge enqueued the files' deletion in its own transaction; the next run removes them.
    expect((await queuedJobs(app.db, { name: 'storage.delete-files' })).length).toBeGreaterThan(0);
    await app.jobs.runDueJobs(app.clock.now());
    for (const key of keys) expect(await app.storage.exists(key)).toBe(false);
    expect((await app.inject({ url: first.filename })).statusCode).toBe(404);
  });
});
