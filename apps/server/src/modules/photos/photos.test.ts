import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, photosResponseSchema, uploadPhotoResponseSchema, userResponseSchema } from '@app/contracts';
import { photos, sites } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signUp } from '../accounts/accounts.test-helpers.ts';
import { createMember, makeJpeg, makePremium, multipartBody, uploadPhoto } from '../profiles/members.test-helpers.ts';

/** A valid 1x1 PNG whose header claims `width` x `height` (CRC fixed): a decompression bomb's header without the bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); the CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe('photos (photo.php, photos.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const fileOf = (url: string) => path.join(app.appConfig.dataDir, url.replace(/^.*\/uploads\//, 'uploads/'));

  it('re-encodes an upload to JPEG, makes the first one the main photo and serves it with long caching', async () => {
    const member = await createMember(app);
    const response = await uploadPhoto(member.client, await sharp({ create: { width: 2400, height: 1200, channels: 4, background: '#33aa5580' } }).png().toBuffer(), {
      filename: 'me.png',
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(201);
    const body = uploadPhotoResponseSchema.parse(response.json());
    expect(body.photo).toMatchObject({ is_main: true, is_private: false, width: 1600, height: 800 });
    expect(body.main_image).toEqual({ filename: body.photo.filename, thumb_filename: body.photo.thumb_filename });
    expect(body.photo.filename).toMatch(/^\/uploads\/photos\/[0-9a-f]{2}\/[0-9a-f-]{36}\.jpg$/);

    const image = await app.inject({ url: body.photo.filename });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    const thumb = await sharp(fs.readFileSync(fileOf(body.photo.thumb_filename))).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 400]);

    // The user payload (top navigation avatar) carries the main image too.
    const user = userResponseSchema.parse((await member.client.request({ url: '/api/user.php' })).json()).user;
    expect(user.profile.main_image).toEqual(body.main_image);
  });

  it('strips EXIF and GPS metadata and applies the EXIF orientation', async () => {
    const member = await createMember(app);
    const input = await makeJpeg(120, 80, { withGps: true, orientation: 6 });
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('Spy 3000');
    expect(inputMeta.orientation).toBe(6);

    const response = await uploadPhoto(member.client, input);
    expect(response.statusCode).toBe(201);
    const { photo } = uploadPhotoResponseSchema.parse(response.json());
    for (const url of [photo.filename, photo.thumb_filename]) {
      const stored = fs.readFileSync(fileOf(url));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('Spy 3000'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    }
    // Orientation 6 is a 90 degree turn: 120 x 80 becomes 80 x 120.
    expect([photo.width, photo.height]).toEqual([80, 120]);
  });

  it('refuses a file that is not an image, and an SVG', async () => {
    const member = await createMember(app);
    const text = await uploadPhoto(member.client, Buffer.from('%PDF-1.4 definitely not a photo'), { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ code: 'photo_invalid', message: expect.stringContaining('not a photo we can read') });

    const svg = await uploadPhoto(member.client, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), {
      filename: 'x.svg',
      contentType: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.code).toBe('photo_type_unsupported');
    expect(await app.db.select().from(photos).where(eq(photos.profileId, member.profileId))).toEqual([]);
  });

  it('refuses an oversized file with the limit in MB', async () => {
    const member = await createMember(app);
    const huge = Buffer.concat([await makeJpeg(), Buffer.alloc(PHOTO_MAX_BYTES + 1024)]);
    const response = await uploadPhoto(member.client, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'photo_too_large', params: { max_mb: 15 }, message: 'This photo is too large. Photos may be at most 15 MB.' });
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    const member = await createMember(app);
    const response = await uploadPhoto(member.client, await pngClaiming(20_000, 20_000), { filename: 'bomb.png', contentType: 'image/png' });
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
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'de' },
    });
    expect(fieldsOnly.statusCode).toBe(400);
    // The message follows the request's language: German here.
    expect(fieldsOnly.json().error).toMatchObject({ code: 'photo_required', message: 'Wähle ein Foto zum Hochladen aus.' });
    const json = await member.client.request({ method: 'POST', url: '/api/photo.php', payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('photo_required');
    const empty = multipartBody({ data: Buffer.alloc(0) });
    const emptyFile = await member.client.request({ method: 'POST', url: '/api/photo.php', payload: empty.payload, headers: empty.headers });
    expect(emptyFile.json().error.code).toBe('photo_invalid');
  });

  it('limits free members to 3 photos and premium members to 25', async () => {
    const member = await createMember(app);
    for (let index = 0; index < 3; index++) expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    const fourth = await uploadPhoto(member.client);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toMatchObject({ code: 'photo_limit_reached', message: 'Photo limit reached for free members' });

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
    const third = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client, undefined, { isPrivate: true })).json()).photo;
    expect([first.is_main, second.is_main, third.is_main, third.is_private]).toEqual([true, false, false, true]);

    const makeMain = await member.client.request({ method: 'PUT', url: '/api/photo.php', payload: { id: second.id, is_main: true } });
    expect(makeMain.statusCode).toBe(200);
    const afterMain = photosResponseSchema.parse(makeMain.json());
    expect(afterMain.photos.map((photo) => [photo.id, photo.is_main])).toEqual([[second.id, true], [first.id, false], [third.id, false]]);

    const privateMain = await member.client.request({ method: 'PUT', url: '/api/photo.php', payload: { id: second.id, is_private: true } });
    expect(privateMain.statusCode).toBe(400);
    expect(privateMain.json().error.code).toBe('photo_private_main');
    const mainPrivate = await member.client.request({ method: 'PUT', url: '/api/photo.php', payload: { id: third.id, is_main: true } });
    expect(mainPrivate.json().error.code).toBe('photo_private_main');

    const removed = await member.client.request({ method: 'DELETE', url: '/api/photo.php', payload: { id: second.id } });
    expect(removed.statusCode).toBe(200);
    const afterDelete = photosResponseSchema.parse(removed.json());
    expect(afterDelete.main_image?.filename).toBe(first.filename);
    expect(fs.existsSync(fileOf(second.filename))).toBe(false);
    expect(fs.existsSync(fileOf(second.thumb_filename))).toBe(false);
  });

  it('lets nobody change or delete another member\'s photo', async () => {
    const owner = await createMember(app);
    const other = await createMember(app);
    const photo = uploadPhotoResponseSchema.parse((await uploadPhoto(owner.client)).json()).photo;
    const change = await other.client.request({ method: 'PUT', url: '/api/photo.php', payload: { id: photo.id, is_private: true } });
    expect(change.statusCode).toBe(404);
    const remove = await other.client.request({ method: 'DELETE', url: '/api/photo.php', payload: { id: photo.id } });
    expect(remove.statusCode).toBe(404);
    expect(await app.db.$count(photos, eq(photos.id, photo.id))).toBe(1);
  });

  it('needs a login, and works during signup (step 1 after the account step)', async () => {
    const { createClient } = await import('../accounts/accounts.test-helpers.ts');
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
});
