// Photo verification (docs/verification.md): the server's pose, the private selfie, the staff queue beside the profile
// photos, the decision (badge on cards, member page, search filter), the selfie deleted with the decision.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VERIFICATION_POSES,
  adminVerificationsResponseSchema,
  memberResponseSchema,
  searchResponseSchema,
  verificationResponseSchema,
  type Verification,
} from '@app/contracts';
import { photoVerifications, profiles, staffAuditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createMember,
  makeJpeg,
  multipartBody,
  uploadPhoto,
  visitor,
  type TestMember,
} from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';
import { pickPose } from './verification.service.ts';

describe('photo verification', () => {
  let app: TestApp;
  let moderator: StaffClient;
  let support: StaffClient;
  beforeAll(async () => {
    app = await buildTestApp();
    moderator = await signedInStaff(app, 'moderator');
    support = await signedInStaff(app, 'support');
  });
  afterAll(() => app.close());

  const state = async (member: TestMember): Promise<Verification> =>
    verificationResponseSchema.parse((await member.client.request({ url: '/api/verification.php' })).json())
      .verification;
  const start = (member: TestMember) => member.client.request({ method: 'POST', url: '/api/verification.php' });
  async function sendSelfie(member: TestMember, data?: Buffer) {
    const body = multipartBody({ data: data ?? (await makeJpeg(240, 200, { withGps: true })) });
    return member.client.request({
      method: 'POST',
      url: '/api/verification-selfie.php',
      payload: body.payload,
      headers: body.headers,
    });
  }
  const selfieKeyOf = async (profileId: number) => {
    const [row] = await app.db
      .select({ key: photoVerifications.selfieKey })
      .from(photoVerifications)
      .where(eq(photoVerifications.profileId, profileId));
    return row?.key ?? null;
  };
  const queue = async () =>
    adminVerificationsResponseSchema.parse(
      (await moderator.request({ url: '/api/admin/verifications?limit=100' })).json(),
    ).verifications;

  it('picks another pose than the last one, at random', () => {
    for (const previous of VERIFICATION_POSES) {
      for (let index = 0; index < VERIFICATION_POSES.length - 1; index += 1) {
        expect(pickPose(previous, () => index)).not.toBe(previous);
      }
    }
    expect(new Set(VERIFICATION_POSES.map((_, index) => pickPose(null, () => index))).size).toBe(
      VERIFICATION_POSES.length,
    );
  });

  it('takes a selfie of the pose the server picked, stores it privately and waits for staff', async () => {
    const member = await createMember(app);
    expect(await state(member)).toEqual({ state: 'none', pose: null, reject_reason: null, verified_at: null });
    // Staff compare the selfie with the profile photos: a photo comes first.
    expect((await start(member)).json().error.code).toBe('verification_photo_first');
    expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    // No selfie before the site has shown a pose.
    expect((await sendSelfie(member)).json().error.code).toBe('verification_not_started');

    const started = verificationResponseSchema.parse((await start(member)).json()).verification;
    expect(started.state).toBe('started');
    expect(VERIFICATION_POSES).toContain(started.pose);
    // Starting again keeps the pose: reloading the page cannot shop for an easier one.
    expect(verificationResponseSchema.parse((await start(member)).json()).verification.pose).toBe(started.pose);

    const sent = await sendSelfie(member);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().verification).toMatchObject({ state: 'pending', pose: started.pose });
    expect((await start(member)).json().error.code).toBe('verification_pending');
    expect((await sendSelfie(member)).json().error.code).toBe('verification_pending');

    const key = (await selfieKeyOf(member.profileId))!;
    expect(key).toMatch(/^private\/verifications\//);
    // Never at /uploads, whatever the path.
    expect((await app.inject({ url: `/uploads/${key}` })).statusCode).toBe(404);
    // Re-encoded like every photo: the camera's metadata is gone.
    const sharp = (await import('sharp')).default;
    const { buffer } = await import('node:stream/consumers');
    const stored = await buffer((await app.storage.read(key))!.body);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    // The member can withdraw it: the selfie goes.
    const withdrawn = await member.client.request({ method: 'DELETE', url: '/api/verification.php' });
    expect(withdrawn.json().verification.state).toBe('none');
    await app.jobs.runDueJobs(app.clock.now());
    expect(await app.storage.exists(key)).toBe(false);
  });

  it('puts the selfie beside the profile photos in the staff queue; approval verifies and deletes the selfie', async () => {
    const member = await createMember(app);
    expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    await start(member);
    expect((await sendSelfie(member)).statusCode).toBe(200);
    const key = (await selfieKeyOf(member.profileId))!;
    // Screened after the upload (docs/safety.md): staff see the selfie's score beside it.
    expect((await queue()).find((item) => item.profile_id === member.profileId)!.screening).toBeNull();
    await app.jobs.runDueJobs(app.clock.now());

    const entry = (await queue()).find((item) => item.profile_id === member.profileId)!;
    expect(entry).toMatchObject({
      profile_name: member.name,
      selfie_url: `/api/admin/verifications/${entry.id}/selfie`,
      screening: { status: 'scored', is_explicit: false },
      // The selfie's face beside the photos' (docs/safety.md): the test face model reads one colour as one face.
      face: { check: 'compared', resembles: true },
    });
    expect(entry.photo_urls).toHaveLength(1);
    const selfie = await moderator.request({ url: entry.selfie_url });
    expect(selfie.statusCode).toBe(200);
    expect(selfie.headers['cache-control']).toBe('no-store');
    // Support staff do not moderate; members never reach the staff routes.
    expect((await support.request({ url: entry.selfie_url })).statusCode).toBe(403);
    expect([401, 403]).toContain((await member.client.request({ url: entry.selfie_url })).statusCode);

    const approved = await moderator.request({
      method: 'POST',
      url: `/api/admin/verifications/${entry.id}`,
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    // Decided once: a second decision finds nothing pending.
    expect(
      (
        await moderator.request({
          method: 'POST',
          url: `/api/admin/verifications/${entry.id}`,
          payload: { decision: 'reject', reason: 'pose_mismatch' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await state(member)).state).toBe('approved');
    expect((await start(member)).json().error.code).toBe('verification_already_verified');
    expect(await selfieKeyOf(member.profileId)).toBeNull();
    expect((await moderator.request({ url: entry.selfie_url })).statusCode).toBe(404);
    await app.jobs.runDueJobs(app.clock.now());
    expect(await app.storage.exists(key)).toBe(false);
    expect((await queue()).map((item) => item.id)).not.toContain(entry.id);
    const [audit] = await app.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetId, String(member.profileId)), eq(staffAuditLog.targetType, 'profile')));
    expect(audit).toMatchObject({ action: 'verification.approve', targetType: 'profile' });

    // The badge: the member page and cards say so; search can ask for verified members only.
    const viewer = await createMember(app);
    const page = memberResponseSchema.parse(
      (await viewer.client.request({ url: `/api/member.php?id=${member.profileId}` })).json(),
    );
    expect(page.member.is_verified).toBe(true);
    const verifiedOnly = searchResponseSchema.parse(
      (await viewer.client.request({ url: '/api/search.php?verified=1&limit=50' })).json(),
    );
    expect(verifiedOnly.filters.verified).toBe(true);
    expect(verifiedOnly.results.length).toBeGreaterThan(0);
    expect(verifiedOnly.results.every((card) => card.is_verified)).toBe(true);
    expect(verifiedOnly.results.map((card) => card.id)).toContain(member.profileId);
    const everyone = searchResponseSchema.parse(
      (await viewer.client.request({ url: '/api/search.php?limit=50' })).json(),
    );
    expect(everyone.filters.verified).toBe(false);
    expect(everyone.results.some((card) => card.is_verified === false)).toBe(true);
  });

  it('rejects with a reason the member sees, deletes the selfie, and a new attempt copies another pose', async () => {
    const member = await createMember(app);
    await uploadPhoto(member.client);
    const first = verificationResponseSchema.parse((await start(member)).json()).verification;
    await sendSelfie(member);
    const key = (await selfieKeyOf(member.profileId))!;
    const entry = (await queue()).find((item) => item.profile_id === member.profileId)!;
    const refused = await moderator.request({
      method: 'POST',
      url: `/api/admin/verifications/${entry.id}`,
      payload: { decision: 'reject', reason: 'nope' },
    });
    expect(refused.statusCode).toBe(400);
    const rejected = await moderator.request({
      method: 'POST',
      url: `/api/admin/verifications/${entry.id}`,
      payload: { decision: 'reject', reason: 'pose_mismatch' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await state(member)).toEqual({
      state: 'rejected',
      pose: null,
      reject_reason: 'pose_mismatch',
      verified_at: null,
    });
    await app.jobs.runDueJobs(app.clock.now());
    expect(await app.storage.exists(key)).toBe(false);
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.id, member.profileId));
    expect(profile!.verifiedAt).toBeNull();

    const retry = verificationResponseSchema.parse((await start(member)).json()).verification;
    expect(retry.state).toBe('started');
    expect(retry.pose).not.toBe(first.pose);
  });

  it('refuses a request without a selfie and keeps visitors out', async () => {
    const member = await createMember(app);
    await uploadPhoto(member.client);
    await start(member);
    const empty = await member.client.request({
      method: 'POST',
      url: '/api/verification-selfie.php',
      payload: {},
    });
    expect(empty.json().error.code).toBe('verification_photo_required');
    const bad = await sendSelfie(member, Buffer.from('not an image'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('photo_invalid');
    expect((await state(member)).state).toBe('started');
    const anonymous = await visitor(app).request({ url: '/api/verification.php' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().authentication_required).toBe(true);
  });
});
