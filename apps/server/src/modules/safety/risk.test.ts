// Risk signals after commit, holding a risky member's sends to partners who never answered, and the console's Risk
// queue (docs/safety.md, "Risk").
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminVerificationsResponseSchema, FACE_RESEMBLANCE_THRESHOLD, type AdminRiskMember } from '@app/contracts';
import { heldMessages, memberRisk, messages, sites, staffAuditLog } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createMember,
  makeJpeg,
  makePremium,
  sendVerificationSelfie,
  uploadPhoto,
  type TestMember,
} from '../../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';

describe('risk', () => {
  let app: TestApp;
  let moderator: StaffClient;
  beforeAll(async () => {
    app = await buildTestApp();
    moderator = await signedInStaff(app, 'moderator');
  });
  afterAll(() => app.close());

  async function sender(): Promise<TestMember> {
    const member = await createMember(app);
    await makePremium(app, member);
    await postLedgerEntry(app.db, {
      userId: member.user.id,
      amount: 2000,
      reason: 'bonus',
      idempotencyKey: `test:risk:${member.user.id}`,
    });
    return member;
  }

  const send = (from: TestMember, to: number, text: string, clientId = randomUUID()) =>
    from.client.request({ method: 'POST', url: '/api/message.php', payload: { to, client_id: clientId, text } });

  const riskOf = async (member: TestMember) =>
    (await app.db.select().from(memberRisk).where(eq(memberRisk.userId, member.user.id)))[0];

  const queueEntry = async (member: TestMember) => {
    const list = (await moderator.request({ url: '/api/admin/risk?limit=100' })).json<{ members: AdminRiskMember[] }>();
    return list.members.find((entry) => entry.user_id === member.user.id);
  };

  it('holds a spam run (one text to 30 members in 10 minutes) from the threshold on: not delivered, not charged', async () => {
    const spammer = await sender();
    const targets: TestMember[] = [];
    for (let index = 0; index < 30; index++) targets.push(await createMember(app));
    const statuses: number[] = [];
    for (const [index, target] of targets.entries()) {
      const balanceBefore = await getBalance(app.db, spammer.user.id);
      const response = await send(
        spammer,
        target.profileId,
        `Hello dear ${target.name}, I am a lonely engineer abroad, write me on my private mail please ${index}`,
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 403) {
        expect(response.json()).toMatchObject({ error: { code: 'message_held' } });
        expect(await getBalance(app.db, spammer.user.id)).toBe(balanceBefore);
      }
    }
    // Repeated text from the 5th recipient (40 points), a new account's burst from the 10th (30): 70 >= 60.
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 403)).toBe(true);
    const risk = await riskOf(spammer);
    expect(risk).toMatchObject({ isHeld: true, score: 70 });
    expect(Object.keys(risk!.signals).sort()).toEqual(['new_account_burst', 'repeated_text']);
    // Nothing reached the held-back partners.
    const last = targets.at(-1)!;
    expect((await last.client.request({ url: '/api/chats.php' })).json().chats).toEqual([]);
    const held = await app.db.select().from(heldMessages).where(eq(heldMessages.senderProfileId, spammer.profileId));
    expect(held).toHaveLength(20);

    // The console's Risk queue shows them with the evidence.
    const entry = await queueEntry(spammer);
    expect(entry).toMatchObject({ score: 70, is_held: true, held_messages: 20 });
    expect(entry!.reasons.map((reason) => reason.signal)).toEqual(['repeated_text', 'new_account_burst']);
    expect(entry!.reasons[0]!.evidence).toMatchObject({ recipients: expect.any(Number), samples: expect.any(Array) });

    // Refused: dropped, nothing sent or charged; audited.
    const balance = await getBalance(app.db, spammer.user.id);
    const refused = await moderator.request({ method: 'POST', url: `/api/admin/risk/${spammer.user.id}/refuse` });
    expect(refused.json()).toEqual({ delivered: 0, refused: 20 });
    expect(await getBalance(app.db, spammer.user.id)).toBe(balance);
    expect((await last.client.request({ url: '/api/chats.php' })).json().chats).toEqual([]);
    const [audit] = await app.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'risk.refuse'), eq(staffAuditLog.targetId, String(spammer.user.id))));
    expect(audit).toBeDefined();
  });

  it("holds only sends to partners who never answered, and a cleared member's held sends go out once, in order", async () => {
    const member = await sender();
    const friend = await createMember(app);
    await send(friend, member.profileId, 'Hi, nice to meet you here, how are you today?');
    await app.db
      .insert(memberRisk)
      .values({ userId: member.user.id, siteId: (await app.sites.resolve('')).id, score: 80, isHeld: true })
      .onConflictDoUpdate({ target: memberRisk.userId, set: { score: 80, isHeld: true } });
    // The friend answered first: not held.
    expect((await send(member, friend.profileId, 'Fine, thanks!')).statusCode).toBe(200);
    const stranger = await createMember(app);
    const balance = await getBalance(app.db, member.user.id);
    const first = randomUUID();
    expect((await send(member, stranger.profileId, 'first of two', first)).statusCode).toBe(403);
    // Sent again (a retry): held once.
    expect((await send(member, stranger.profileId, 'first of two', first)).statusCode).toBe(403);
    expect((await send(member, stranger.profileId, 'second of two')).statusCode).toBe(403);
    expect(await getBalance(app.db, member.user.id)).toBe(balance);

    const cleared = await moderator.request({ method: 'POST', url: `/api/admin/risk/${member.user.id}/clear` });
    expect(cleared.json()).toEqual({ delivered: 2, refused: 0 });
    const delivered = await app.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.senderProfileId, member.profileId))
      .orderBy(messages.id);
    expect(delivered.map((row) => row.body)).toEqual(['Fine, thanks!', 'first of two', 'second of two']);
    const charged = balance - (await getBalance(app.db, member.user.id));
    expect(charged).toBeGreaterThan(0);
    // Cleared again, or the first send retried by the member: nothing more is sent or charged.
    expect(
      (await moderator.request({ method: 'POST', url: `/api/admin/risk/${member.user.id}/clear` })).json(),
    ).toEqual({ delivered: 0, refused: 0 });
    expect((await send(member, stranger.profileId, 'first of two', first)).statusCode).toBe(200);
    expect(balance - (await getBalance(app.db, member.user.id))).toBe(charged);
    expect(await riskOf(member)).toMatchObject({ isHeld: false, score: 0, signals: {} });
  });

  it('counts contact details or payment requests in a first message, and reports received', async () => {
    const member = await sender();
    const partner = await createMember(app);
    expect((await send(member, partner.profileId, 'add me on www.example-chat.com or send btc')).statusCode).toBe(200);
    const reporter = await createMember(app);
    const report = await reporter.client.request({
      method: 'POST',
      url: '/api/report.php',
      payload: { profile: member.profileId, target: 'profile', reason: 'fake_profile' },
    });
    expect(report.statusCode).toBe(200);
    const risk = await riskOf(member);
    expect(risk!.signals.contact_in_first_message).toMatchObject({
      points: 25,
      evidence: { concerns: ['link', 'payment'] },
    });
    expect(risk!.signals.reports_received).toMatchObject({ points: 15, evidence: { open_reports: 1 } });
    expect(risk).toMatchObject({ score: 40, isHeld: false });

    // Warned by mail, audited.
    const warned = await moderator.request({ method: 'POST', url: `/api/admin/risk/${member.user.id}/warn` });
    expect(warned.json()).toEqual({ success: true });
    expect((await riskOf(member))!.warnedAt).toBeInstanceOf(Date);
  });

  it('matches a photo another account uses, after re-encoding, resizing and a small crop', async () => {
    const original = await sharp({
      create: { width: 900, height: 1200, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .composite(
        Array.from({ length: 14 }, (_, index) => ({
          input: {
            create: {
              width: 60 + ((index * 53) % 220),
              height: 60 + ((index * 97) % 260),
              channels: 3 as const,
              background: { r: (index * 71) % 255, g: (index * 29) % 255, b: (index * 113) % 255 },
            },
          },
          left: (index * 137) % 700,
          top: (index * 211) % 1000,
        })),
      )
      .jpeg({ quality: 90 })
      .toBuffer();
    const copy = await sharp(original)
      .extract({ left: 20, top: 25, width: 860, height: 1150 })
      .resize(640)
      .jpeg({ quality: 70 })
      .toBuffer();
    const owner = await createMember(app);
    const thief = await createMember(app);
    const ownerPhoto = (await uploadPhoto(owner.client, original)).json().photo.id as number;
    await app.jobs.runDueJobs(app.clock.now());
    const stolen = (await uploadPhoto(thief.client, copy)).json().photo.id as number;
    await app.jobs.runDueJobs(app.clock.now());
    const risk = await riskOf(thief);
    expect(risk!.signals.reused_photo).toMatchObject({
      points: 50,
      evidence: { photo_id: stolen, other_photo_id: ownerPhoto, other_user_id: owner.user.id },
    });
    // The first uploader is not the one suspected.
    expect((await riskOf(owner))?.signals.reused_photo).toBeUndefined();
  });

  it("compares a verification selfie's face with the profile photos: a hint for the moderator that never holds alone", async () => {
    const selfieOf = async (member: TestMember, colour: { r: number; g: number; b: number }) => {
      expect((await sendVerificationSelfie(member.client, await makeJpeg(240, 320, { colour }))).statusCode).toBe(200);
      await app.jobs.runDueJobs(app.clock.now());
      const queue = adminVerificationsResponseSchema.parse(
        (await moderator.request({ url: '/api/admin/verifications?limit=100' })).json(),
      ).verifications;
      return queue.find((entry) => entry.profile_id === member.profileId)!;
    };
    const red = { r: 210, g: 40, b: 40 };
    // The test face model reads a colour as a face: the same colour is the same face.
    const genuine = await createMember(app);
    await uploadPhoto(genuine.client, await makeJpeg(240, 200, { colour: red }));
    expect((await selfieOf(genuine, red)).face).toEqual({ check: 'compared', similarity: 1, resembles: true });
    expect((await riskOf(genuine))?.signals.face_mismatch).toBeUndefined();

    // A selfie unlike the photos: a reason with its similarity, 20 points, and never a hold on its own, whatever its
    // weight.
    await app.db.update(sites).set({ riskWeights: { face_mismatch: 500 } });
    try {
      const other = await createMember(app);
      const photoId = (await uploadPhoto(other.client, await makeJpeg(240, 200, { colour: red }))).json().photo
        .id as number;
      const entry = await selfieOf(other, { r: 30, g: 60, b: 220 });
      expect(entry.face).toMatchObject({ check: 'compared', resembles: false });
      expect(entry.face!.similarity).toBeLessThan(FACE_RESEMBLANCE_THRESHOLD);
      const risk = await riskOf(other);
      expect(risk).toMatchObject({ score: 500, isHeld: false });
      expect(risk!.signals.face_mismatch).toMatchObject({
        evidence: { similarity: entry.face!.similarity, verification_id: entry.id, photo_id: photoId },
      });
      expect((await queueEntry(other))?.reasons.map((reason) => reason.signal)).toEqual(['face_mismatch']);
      // With another signal the points count: reported, the member is held.
      const reporter = await createMember(app);
      const reported = await reporter.client.request({
        method: 'POST',
        url: '/api/report.php',
        payload: { profile: other.profileId, target: 'profile', reason: 'fake_profile' },
      });
      expect(reported.statusCode).toBe(200);
      expect(await riskOf(other)).toMatchObject({ isHeld: true });
    } finally {
      await app.db.update(sites).set({ riskWeights: {} });
    }

    // No face in the selfie (the test model sees none in black): nothing compared, no signal.
    const dark = await createMember(app);
    await uploadPhoto(dark.client, await makeJpeg(240, 200, { colour: red }));
    expect((await selfieOf(dark, { r: 5, g: 5, b: 5 })).face).toEqual({
      check: 'no_face_in_selfie',
      similarity: null,
      resembles: null,
    });
    expect((await riskOf(dark))?.signals.face_mismatch).toBeUndefined();
  });
});
