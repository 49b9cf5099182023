// The console's photo queue with safety's screening (docs/safety.md): each photo shows its score and labels, the most
// likely explicit first, paged by score and id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPhoto } from '@app/contracts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, EXPLICIT_COLOUR, makeJpeg, uploadPhoto } from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';

describe('photo queue with screening', () => {
  let app: TestApp;
  let moderator: StaffClient;
  beforeAll(async () => {
    app = await buildTestApp();
    moderator = await signedInStaff(app, 'moderator');
  });
  afterAll(() => app.close());

  it('shows each photo with its score and labels, most likely explicit first, and pages by them', async () => {
    const member = await createMember(app);
    const other = await createMember(app);
    const plain = [];
    for (const uploader of [member, other, member])
      plain.push((await uploadPhoto(uploader.client)).json().photo.id as number);
    const explicit = (await uploadPhoto(member.client, await makeJpeg(400, 400, { colour: EXPLICIT_COLOUR }))).json()
      .photo.id as number;
    const unscored = await createMember(app);
    // Screened: all but the last upload (its job has not run yet).
    await app.jobs.runDueJobs(app.clock.now());
    const waiting = (await uploadPhoto(unscored.client)).json().photo.id as number;

    const seen: AdminPhoto[] = [];
    let cursor: string | null = null;
    do {
      const page: { photos: AdminPhoto[]; next_cursor: string | null } = (
        await moderator.request({
          url: `/api/admin/photos?queue=new&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        })
      ).json<{ photos: AdminPhoto[]; next_cursor: string | null }>();
      seen.push(...page.photos);
      cursor = page.next_cursor;
    } while (cursor);
    const ids = seen.map((photo) => photo.id);
    // Not screened yet first (it needs a look), then the explicit one, then the rest newest first; each exactly once.
    expect(ids).toEqual([waiting, explicit, ...plain.reverse()]);
    const byId = new Map(seen.map((photo) => [photo.id, photo]));
    expect(byId.get(waiting)!.screening).toBeNull();
    expect(byId.get(explicit)!.screening).toMatchObject({ status: 'scored', is_explicit: true });
    expect(byId.get(explicit)!.screening!.score).toBeGreaterThan(0.9);
    expect(byId.get(explicit)!.screening!.labels).toHaveProperty('porn');
    expect(byId.get(plain[0]!)!.screening).toMatchObject({ status: 'scored', is_explicit: false });
    // The member's photos in the console carry it too.
    const memberPhotos = (await moderator.request({ url: `/api/admin/members/${member.user.id}/photos` })).json<{
      photos: AdminPhoto[];
    }>().photos;
    expect(memberPhotos.find((photo) => photo.id === explicit)!.screening).toMatchObject({ is_explicit: true });
  });
});
