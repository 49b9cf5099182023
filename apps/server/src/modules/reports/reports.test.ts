import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ERROR_CODES, REPORT_REASONS } from '@app/contracts';
import { blocks, reports } from '../../db/schema/index.ts';
import { hasTranslation } from '../../lib/i18n.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Client } from '../../test-support/accounts.ts';
import { createMember, makePremium, uploadPhoto, visitor, type TestMember } from '../../test-support/members.ts';
import { REPORTS_PER_HOUR } from './reports.routes.ts';

const report = (client: Client, payload: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/report.php', payload });

describe('member reports', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const reportsAbout = (profileId: number) =>
    app.db.select().from(reports).where(eq(reports.reportedProfileId, profileId));

  async function pair(): Promise<{ reporter: TestMember; reported: TestMember }> {
    const reporter = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    const reported = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    return { reporter, reported };
  }

  it('has an English message for every report error code', () => {
    for (const code of REPORT_ERROR_CODES) expect(hasTranslation(`errors:${code}`, { count: 2 }), code).toBe(true);
  });

  it('stores a profile report for the staff queue and tells the reported member nothing', async () => {
    const { reporter, reported } = await pair();
    const before = (await reported.client.request({ url: '/api/user.php' })).body;
    const response = await report(reporter.client, {
      profile: reported.profileId,
      target: 'profile',
      reason: 'fake_profile',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, blocked: false });
    expect(await reportsAbout(reported.profileId)).toEqual([
      expect.objectContaining({
        reporterProfileId: reporter.profileId,
        target: 'profile',
        reason: 'fake_profile',
        status: 'open',
        remarks: null,
        photoId: null,
        messageId: null,
      }),
    ]);
    // Nothing the reported member reads changes: their own payload, and the reporter's profile as they see it.
    const after = (await reported.client.request({ url: '/api/user.php' })).body;
    expect(after.replace(/"(last_seen|now|server_time)[^,]*,/g, '')).toBe(
      before.replace(/"(last_seen|now|server_time)[^,]*,/g, ''),
    );
    expect((await reported.client.request({ url: `/api/member.php?id=${reporter.profileId}` })).body).not.toMatch(
      /report/i,
    );
  });

  it('requires remarks for "other" and accepts every reason', async () => {
    const { reporter, reported } = await pair();
    const missing = await report(reporter.client, { profile: reported.profileId, target: 'profile', reason: 'other' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual([
      expect.objectContaining({ path: 'remarks', code: 'remarks_required' }),
    ]);
    for (const reason of REPORT_REASONS) {
      const response = await report(reporter.client, {
        profile: reported.profileId,
        target: 'profile',
        reason,
        remarks: reason === 'other' ? 'Asks for money' : undefined,
      });
      expect(response.statusCode, reason).toBe(200);
    }
    expect((await reportsAbout(reported.profileId)).find((row) => row.reason === 'other')?.remarks).toBe(
      'Asks for money',
    );
  });

  it('refuses reporting oneself and unknown members', async () => {
    const { reporter } = await pair();
    const self = await report(reporter.client, {
      profile: reporter.profileId,
      target: 'profile',
      reason: 'fake_profile',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({ code: 'cannot_report_self', message: 'You cannot report yourself.' });
    expect(
      (await report(reporter.client, { profile: 2_000_000_000, target: 'profile', reason: 'fake_profile' })).statusCode,
    ).toBe(404);
    const visitorClient = visitor(app);
    expect(
      (await report(visitorClient, { profile: reporter.profileId, target: 'profile', reason: 'fake_profile' }))
        .statusCode,
    ).toBe(403);
  });

  it("reports a photo only when it is the reported member's and one the reporter may see", async () => {
    const { reporter, reported } = await pair();
    const other = await createMember(app);
    const publicPhoto = (await uploadPhoto(reported.client)).json().photo.id as number;
    const privatePhoto = (await uploadPhoto(reported.client, undefined, { isPrivate: true })).json().photo.id as number;
    const othersPhoto = (await uploadPhoto(other.client)).json().photo.id as number;
    expect(
      (
        await report(reporter.client, {
          profile: reported.profileId,
          target: 'photo',
          photo: publicPhoto,
          reason: 'inappropriate_photo',
        })
      ).statusCode,
    ).toBe(200);
    // Someone else's photo under this member's name, and a private photo a free member cannot see: not found.
    const wrongOwner = await report(reporter.client, {
      profile: reported.profileId,
      target: 'photo',
      photo: othersPhoto,
      reason: 'inappropriate_photo',
    });
    expect(wrongOwner.statusCode).toBe(404);
    expect(wrongOwner.json().error.code).toBe('photo_not_found');
    expect(
      (
        await report(reporter.client, {
          profile: reported.profileId,
          target: 'photo',
          photo: privatePhoto,
          reason: 'inappropriate_photo',
        })
      ).statusCode,
    ).toBe(404);
    await makePremium(app, reporter);
    expect(
      (
        await report(reporter.client, {
          profile: reported.profileId,
          target: 'photo',
          photo: privatePhoto,
          reason: 'inappropriate_photo',
        })
      ).statusCode,
    ).toBe(200);
    expect((await reportsAbout(reported.profileId)).map((row) => row.photoId).sort()).toEqual(
      [publicPhoto, privatePhoto].sort(),
    );
    // A photo target needs the photo.
    expect(
      (await report(reporter.client, { profile: reported.profileId, target: 'photo', reason: 'inappropriate_photo' }))
        .statusCode,
    ).toBe(400);
  });

  it('reports a message only when the reported member sent it in a conversation with the reporter', async () => {
    const { reporter, reported } = await pair();
    const bystander = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    const send = async (from: TestMember, to: TestMember) => {
      const response = await from.client.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: to.profileId, client_id: randomUUID(), text: 'Send me money' },
      });
      expect(response.statusCode).toBe(200);
      return response.json().message.id as number;
    };
    const toReporter = await send(reported, reporter);
    const toBystander = await send(reported, bystander);
    const fromReporter = await send(reporter, reported);
    expect(
      (
        await report(reporter.client, {
          profile: reported.profileId,
          target: 'message',
          message: toReporter,
          reason: 'scam_spam',
        })
      ).statusCode,
    ).toBe(200);
    for (const message of [toBystander, fromReporter, 999_999_999]) {
      const response = await report(reporter.client, {
        profile: reported.profileId,
        target: 'message',
        message,
        reason: 'scam_spam',
      });
      expect(response.statusCode, String(message)).toBe(404);
      expect(response.json().error.code).toBe('report_message_not_found');
    }
    expect((await reportsAbout(reported.profileId)).map((row) => row.messageId)).toEqual([toReporter]);
  });

  it('blocks in the same step when asked', async () => {
    const { reporter, reported } = await pair();
    // Both members' likes and chats polls find the block (their versions are kept in memory until it announces itself).
    const tags = await Promise.all(
      [reporter, reported].flatMap((member) =>
        ['/api/likes.php', '/api/chats.php'].map(async (url) => ({
          member,
          url,
          tag: (await member.client.request({ url })).headers.etag as string,
        })),
      ),
    );
    const polls = () =>
      Promise.all(
        tags.map(
          async ({ member, url, tag }) =>
            (await member.client.request({ url, headers: { 'if-none-match': tag } })).statusCode,
        ),
      );
    expect(await polls()).toEqual([304, 304, 304, 304]);
    const response = await report(reporter.client, {
      profile: reported.profileId,
      target: 'profile',
      reason: 'harassment',
      block: true,
    });
    expect(response.json()).toEqual({ success: true, blocked: true });
    expect(await polls()).toEqual([200, 200, 200, 200]);
    expect(await app.db.select().from(blocks).where(eq(blocks.profileId, reporter.profileId))).toEqual([
      expect.objectContaining({ blockedProfileId: reported.profileId }),
    ]);
    // A member blocked earlier can still be reported (and the block stays one row).
    expect(
      (
        await report(reporter.client, {
          profile: reported.profileId,
          target: 'profile',
          reason: 'harassment',
          block: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await app.db.$count(blocks, eq(blocks.profileId, reporter.profileId))).toBe(1);
  });

  it(`allows ${REPORTS_PER_HOUR} reports per member per hour`, async () => {
    const { reporter, reported } = await pair();
    const codes: number[] = [];
    for (let index = 0; index <= REPORTS_PER_HOUR; index += 1) {
      codes.push(
        (await report(reporter.client, { profile: reported.profileId, target: 'profile', reason: 'scam_spam' }))
          .statusCode,
      );
    }
    expect(codes.slice(0, REPORTS_PER_HOUR).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another member is not affected.
    const { reporter: second } = await pair();
    expect(
      (await report(second.client, { profile: reported.profileId, target: 'profile', reason: 'scam_spam' })).statusCode,
    ).toBe(200);
  });
});
