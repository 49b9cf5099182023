// The console's actions that hurt take a reason chosen on purpose (docs/staff-console.md, confirmations): the server
// refuses a ban, suspension, photo rejection or selfie rejection without one, or with an empty or unknown one, with
// the translated "Choose a reason" at the field, and nothing happens to the member or the photo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, uploadPhoto, type TestMember } from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';

describe('console actions without a reason', () => {
  let app: TestApp;
  let moderator: StaffClient;
  let member: TestMember;
  let photoId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    moderator = await signedInStaff(app, 'moderator');
    member = await createMember(app);
    const upload = await uploadPhoto(member.client);
    expect(upload.statusCode).toBe(201);
    photoId = upload.json<{ photo: { id: number } }>().photo.id;
  });
  afterAll(() => app.close());

  const tomorrow = () => new Date(app.clock.now().getTime() + 86_400_000).toISOString();
  const refusals = () => [
    { url: `/api/admin/members/${member.user.id}/ban`, payload: { note: 'no reason' } },
    { url: `/api/admin/members/${member.user.id}/ban`, payload: { reason: '' } },
    { url: `/api/admin/members/${member.user.id}/ban`, payload: { reason: 'because' } },
    { url: `/api/admin/members/${member.user.id}/suspend`, payload: { until: tomorrow() } },
    { url: `/api/admin/members/${member.user.id}/suspend`, payload: { until: tomorrow(), reason: '' } },
    { url: `/api/admin/photos/${photoId}/reject`, payload: {} },
    { url: `/api/admin/photos/${photoId}/reject`, payload: { reason: '' } },
    { url: '/api/admin/verifications/1', payload: { decision: 'reject' } },
    { url: '/api/admin/verifications/1', payload: { decision: 'reject', reason: '' } },
  ];

  it('refuses each with "Choose a reason" at the reason field, in the request\'s language', async () => {
    for (const { url, payload } of refusals()) {
      const response = await moderator.request({ method: 'POST', url, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: [{ path: 'reason', code: 'reason_required', message: 'Choose a reason.' }],
      });
    }
    const german = await moderator.request({
      method: 'POST',
      url: `/api/admin/members/${member.user.id}/ban`,
      payload: {},
      cookies: { lang: 'de' },
    });
    expect(german.json().error.fields).toEqual([
      { path: 'reason', code: 'reason_required', message: 'Wählen Sie einen Grund.' },
    ]);
  });

  it('leaves the member unrestricted and the photo in place', async () => {
    for (const { url, payload } of refusals()) await moderator.request({ method: 'POST', url, payload });
    const detail = await moderator.request({ url: `/api/admin/members/${member.user.id}` });
    expect(detail.json().member.restriction).toBeNull();
    const photos = await moderator.request({ url: `/api/admin/members/${member.user.id}/photos` });
    expect(photos.json().photos.map((photo: { id: number }) => photo.id)).toContain(photoId);
    // With a reason the same ban goes through.
    const banned = await moderator.request({
      method: 'POST',
      url: `/api/admin/members/${member.user.id}/ban`,
      payload: { reason: 'scam_spam' },
    });
    expect(banned.statusCode).toBe(200);
  });
});
