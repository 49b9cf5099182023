// A site's policy for profile photos scored explicit (docs/safety.md): held for review (the default), made private,
// or allowed; a held photo is shown to nobody but its owner and staff until a moderator approves it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@app/contracts';
import { photos, sites, type ExplicitPhotoPolicy } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createMember,
  EXPLICIT_COLOUR,
  makeJpeg,
  makePremium,
  uploadPhoto,
  type TestMember,
} from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';

describe('explicit profile photos by site policy', () => {
  let app: TestApp;
  let moderator: StaffClient;
  beforeAll(async () => {
    app = await buildTestApp();
    moderator = await signedInStaff(app, 'moderator');
  });
  afterAll(() => app.close());

  async function usePolicy(policy: ExplicitPhotoPolicy) {
    await app.db.update(sites).set({ explicitPhotos: policy });
    app.sites.invalidate();
  }

  async function uploadExplicit(member: TestMember): Promise<number> {
    const upload = await uploadPhoto(member.client, await makeJpeg(400, 400, { colour: EXPLICIT_COLOUR }));
    expect(upload.statusCode).toBe(201);
    await app.jobs.runDueJobs(app.clock.now());
    return upload.json<{ photo: { id: number } }>().photo.id;
  }

  const ownPhotos = async (member: TestMember) =>
    (await member.client.request({ url: '/api/photos.php' })).json<{ photos: Photo[] }>().photos;
  const seenBy = async (viewer: TestMember, owner: TestMember) =>
    (await viewer.client.request({ url: `/api/member.php?id=${owner.profileId}` })).json<{
      member: { photos: Photo[] };
    }>().member.photos;

  it('holds an explicit photo for review: private, shown to nobody else, until a moderator approves it', async () => {
    await usePolicy('review');
    const owner = await createMember(app);
    const premium = await createMember(app);
    await makePremium(app, premium);
    const photoId = await uploadExplicit(owner);
    const [row] = await app.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row).toMatchObject({ isPrivate: true, isMain: false });
    expect(row!.heldAt).toBeInstanceOf(Date);
    expect((await ownPhotos(owner)).find((photo) => photo.id === photoId)).toMatchObject({
      status: 'review',
      is_private: true,
    });
    // Not even a premium member sees it, nor reaches its file.
    expect((await seenBy(premium, owner)).map((photo) => photo.id)).not.toContain(photoId);
    expect((await premium.client.request({ url: `/api/photo-file.php?id=${photoId}` })).statusCode).toBe(404);
    expect((await owner.client.request({ url: `/api/photo-file.php?id=${photoId}` })).statusCode).toBe(200);
    // The owner cannot make it public meanwhile.
    const publish = await owner.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: photoId, is_private: false },
    });
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toMatchObject({ error: { code: 'photo_under_review' } });

    const approved = await moderator.request({ method: 'POST', url: `/api/admin/photos/${photoId}/approve` });
    expect(approved.statusCode).toBe(200);
    const [after] = await app.db.select().from(photos).where(eq(photos.id, photoId));
    expect(after).toMatchObject({ isPrivate: false, isMain: true, heldAt: null });
    expect((await seenBy(premium, owner)).map((photo) => photo.id)).toContain(photoId);
  });

  it('keeps a held photo held, and no copy of its files, when its approval fails half-way', async () => {
    await usePolicy('review');
    const owner = await createMember(app);
    const photoId = await uploadExplicit(owner);
    const copy = app.storage.copy.bind(app.storage);
    const copied: string[] = [];
    // The file is copied to its public key, then the thumbnail's copy fails (a full disk, say).
    const spy = vi.spyOn(app.storage, 'copy').mockImplementation(async (from, to) => {
      copied.push(to);
      if (copied.length === 2) throw new Error('disk full');
      await copy(from, to);
    });
    try {
      const approved = await moderator.request({ method: 'POST', url: `/api/admin/photos/${photoId}/approve` });
      expect(approved.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(copied).toHaveLength(2);
    expect(await app.storage.exists(copied[0]!)).toBe(false);
    const [row] = await app.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row).toMatchObject({ isPrivate: true });
    expect(row!.heldAt).toBeInstanceOf(Date);
    // Nothing was recorded: the moderator can approve it again.
    expect((await moderator.request({ method: 'POST', url: `/api/admin/photos/${photoId}/approve` })).statusCode).toBe(
      200,
    );
  });

  it('makes an explicit photo private under private_only, and leaves it under allowed', async () => {
    await usePolicy('private_only');
    const owner = await createMember(app);
    const privateOne = await uploadExplicit(owner);
    const [row] = await app.db.select().from(photos).where(eq(photos.id, privateOne));
    expect(row).toMatchObject({ isPrivate: true, isMain: false, heldAt: null });

    await usePolicy('allowed');
    const other = await createMember(app);
    const allowed = await uploadExplicit(other);
    const [kept] = await app.db.select().from(photos).where(eq(photos.id, allowed));
    expect(kept).toMatchObject({ isPrivate: false, isMain: true, heldAt: null });
    await usePolicy('review');
  });
});
