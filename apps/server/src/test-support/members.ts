// Test helpers for the member API: activated members with profile fields, premium via the database, bulk profiles, images and multipart bodies.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { User } from '@app/contracts';
import { profiles, users, type ProfileRow } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import { createClient, signUp, type Client } from './accounts.ts';

export type ProfileValues = Partial<Omit<typeof profiles.$inferInsert, 'id' | 'siteId' | 'userId'>>;
export type TestMember = { client: Client; user: User; profileId: number; name: string; email: string };

const DEFAULT_PROFILE: ProfileValues = {
  gender: 'female',
  sexuality: 'hetero',
  country: 'NL',
  dateOfBirth: '1990-05-17',
};

/** A date of birth that makes someone `age` today (UTC), give or take `dayOffset` days. */
export function birthDateForAge(age: number, dayOffset = -10): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() + dayOffset);
  return date.toISOString().slice(0, 10);
}

/** Signs up through the API, then activates the account and sets profile fields directly; the client stays logged in. */
export async function createMember(
  app: TestApp,
  values: ProfileValues & { isActive?: boolean } = {},
): Promise<TestMember> {
  const { isActive = true, ...profileValues } = values;
  const name = profileValues.name ?? `member${randomBytes(3).toString('hex')}`;
  const { client, user, email } = await signUp(app, {
    username: name,
    date_of_birth: profileValues.dateOfBirth ?? DEFAULT_PROFILE.dateOfBirth,
  });
  if (isActive)
    await app.db.update(users).set({ status: 'active', activatedAt: new Date() }).where(eq(users.id, user.id));
  await app.db
    .update(profiles)
    .set({ ...DEFAULT_PROFILE, ...profileValues, name, status: isActive ? 'active' : 'disabled' })
    .where(eq(profiles.userId, user.id));
  // Written behind the services' back, so announced the way every writer of a member's view must (docs/member-view.md).
  await app.memberEvents.changed(user.id);
  return { client, user, profileId: user.profile.id, name, email };
}

/** Makes the member premium the way a first credit purchase will (payments do not exist yet). */
export async function makePremium(app: TestApp, member: Pick<TestMember, 'user'>): Promise<void> {
  await app.db.update(users).set({ paidUser: true }).where(eq(users.id, member.user.id));
  await app.memberEvents.changed(member.user.id);
}

/** Inserts active profiles without an account (fast; for search and paging), in the given order. */
export async function insertProfiles(app: TestApp, rows: ProfileValues[]): Promise<ProfileRow[]> {
  const site = await app.sites.resolve('');
  return app.db
    .insert(profiles)
    .values(
      rows.map((row, index) => ({
        ...DEFAULT_PROFILE,
        name: `profile${index}`,
        status: 'active' as const,
        ...row,
        siteId: site.id,
      })),
    )
    .returning();
}

/** A visitor: no session. */
export function visitor(app: TestApp): Client {
  return createClient(app);
}

/** Magenta: the test classifier (modules/safety) reads it as explicit. */
export const EXPLICIT_COLOUR = { r: 255, g: 0, b: 255 };

/** A JPEG of the given size in one colour (`colour`, or a skin-like red); `withGps` adds EXIF with GPS coordinates and a camera. */
export async function makeJpeg(
  width = 240,
  height = 200,
  options: { withGps?: boolean; orientation?: number; colour?: { r: number; g: number; b: number } } = {},
): Promise<Buffer> {
  const background = options.colour ?? { r: 200, g: 80, b: 60 };
  let image = sharp({ create: { width, height, channels: 3, background } }).jpeg();
  if (options.withGps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 3000', Copyright: 'secret owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 4321/100',
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** A multipart/form-data body with one file part (and text fields before it). */
export function multipartBody(
  file: { data: Buffer; filename?: string; contentType?: string; field?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.filename ?? 'photo.jpg'}"\r\n` +
        `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a photo as the client's member. */
export async function uploadPhoto(
  client: Client,
  data?: Buffer,
  options: { isPrivate?: boolean; filename?: string; contentType?: string } = {},
) {
  const body = multipartBody({
    data: data ?? (await makeJpeg()),
    filename: options.filename,
    contentType: options.contentType,
  });
  return client.request({
    method: 'POST',
    url: `/api/photo.php${options.isPrivate ? '?is_private=1' : ''}`,
    payload: body.payload,
    headers: body.headers,
  });
}

/** Starts the member's verification (the server picks a pose) and sends a selfie: the selfie's answer. */
export async function sendVerificationSelfie(client: Client, data: Buffer) {
  const started = await client.request({ method: 'POST', url: '/api/verification.php' });
  if (started.statusCode !== 200) throw new Error(`verification did not start: ${started.body}`);
  const body = multipartBody({ data });
  return client.request({
    method: 'POST',
    url: '/api/verification-selfie.php',
    payload: body.payload,
    headers: body.headers,
  });
}
