// Photo verification (docs/verification.md): the server picks a pose, the member uploads a selfie copying it, staff
// compare it with the profile photos and approve or reject it. The selfie lives under private/ (never served at
// /uploads, never shown to members) and is deleted with the decision; a withdrawn attempt deletes it too.
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import {
  VERIFICATION_POSES,
  type AdminVerificationDecision,
  type Verification,
  type VerificationPose,
  type VerificationRejectReason,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { photoVerifications, profiles, type PhotoVerificationRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Semaphore } from '../../lib/semaphore.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { DELETE_FILES_JOB, PRIVATE_KEY_PREFIX, type FileStorage } from '../../plugins/storage/index.ts';
import { processPhoto } from './photo-processing.ts';

const photoFirst = () => new AppError(409, 'verification_photo_first');
const notStarted = () => new AppError(409, 'verification_not_started');
const alreadyVerified = () => new AppError(409, 'verification_already_verified');
const alreadyPending = () => new AppError(409, 'verification_pending');
export const verificationNotFound = () => new AppError(404, 'verification_not_found');

/** Where a selfie is stored: under the private prefix, in a folder of its own. */
export function newSelfieKey(): string {
  const id = randomUUID();
  return `${PRIVATE_KEY_PREFIX}verifications/${id.slice(0, 2)}/${id}.jpg`;
}

/** A pose at random, another than the one of the last attempt (a retry copies a new pose). */
export function pickPose(previous: VerificationPose | null, random = randomInt): VerificationPose {
  const choices = VERIFICATION_POSES.filter((pose) => pose !== previous);
  return choices[random(choices.length)]!;
}

const isOpen = sql`${photoVerifications.status} in ('started', 'pending')`;

export function createVerificationService(deps: {
  db: Database;
  storage: FileStorage;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The photo-work bound of this instance (docs/storage.md): a selfie is decoded like any photo. */
  photoWork: Semaphore;
  /** A decision changes what cards and pages show: `member.changed` (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /**
   * An approval marks the profile verified (profiles owns `profiles`; it depends on photos, so the composition root
   * hands its function in), in the decision's transaction; answers the profile's account.
   */
  markProfileVerified: (tx: Executor, profileId: number, now: Date) => Promise<{ userId: number | null } | undefined>;
  now: () => Date;
  random?: (max: number) => number;
}) {
  const { db } = deps;

  async function latest(profileId: number, tx: Executor = db): Promise<PhotoVerificationRow | undefined> {
    const [row] = await tx
      .select()
      .from(photoVerifications)
      .where(eq(photoVerifications.profileId, profileId))
      .orderBy(desc(photoVerifications.id))
      .limit(1);
    return row;
  }

  /** What the verification needs of the profile; `lock` holds its row until the transaction ends. */
  async function profileOf(profileId: number, tx: Executor = db, lock = false) {
    const query = tx
      .select({ verifiedAt: profiles.verifiedAt, hasPhoto: profiles.hasPhoto })
      .from(profiles)
      .where(eq(profiles.id, profileId));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  function toVerification(row: PhotoVerificationRow | undefined, verified: Date | null): Verification {
    if (verified) return { state: 'approved', pose: null, reject_reason: null, verified_at: verified.toISOString() };
    if (!row || row.status === 'approved') return { state: 'none', pose: null, reject_reason: null, verified_at: null };
    return {
      state: row.status,
      pose: row.status === 'rejected' ? null : (row.pose as VerificationPose),
      reject_reason: row.status === 'rejected' ? (row.rejectReason as VerificationRejectReason) : null,
      verified_at: null,
    };
  }

  /** The member's own state, read in one place so every answer says the same. */
  async function stateOf(profileId: number, tx: Executor = db): Promise<Verification> {
    const [row, profile] = await Promise.all([latest(profileId, tx), profileOf(profileId, tx)]);
    return toVerification(row, profile?.verifiedAt ?? null);
  }

  return {
    get: (profileId: number) => stateOf(profileId),

    /**
     * Starts an attempt: the server picks the pose (the member cannot choose one to fake). An attempt already started
     * keeps its pose; a pending one or a verified member cannot start another, nor a member without a main photo.
     */
    async start(profileId: number): Promise<Verification> {
      return db.transaction(async (tx) => {
        const profile = await profileOf(profileId, tx, true);
        if (profile?.verifiedAt) throw alreadyVerified();
        // Staff compare the selfie with the profile photos: without a main photo there is nothing to compare.
        if (!profile?.hasPhoto) throw photoFirst();
        const row = await latest(profileId, tx);
        if (row?.status === 'pending') throw alreadyPending();
        if (row?.status !== 'started') {
          const previous = row ? (row.pose as VerificationPose) : null;
          await tx
            .insert(photoVerifications)
            .values({ profileId, pose: pickPose(previous, deps.random ?? randomInt), createdAt: deps.now() });
        }
        return stateOf(profileId, tx);
      });
    },

    /**
     * The selfie of a started attempt: re-encoded (metadata stripped, like every photo), stored privately, and the
     * attempt waits for staff. `read` answers the upload's bytes, read only once a photo-work slot is free.
     */
    async submit(profileId: number, read: () => Promise<Buffer>): Promise<Verification> {
      const row = await latest(profileId);
      if (row?.status !== 'started') throw row?.status === 'pending' ? alreadyPending() : notStarted();
      const processed = await deps.photoWork.run(async () => processPhoto(await read()));
      const key = newSelfieKey();
      await deps.storage.write(key, processed.full);
      const updated = await deps.outbox.transaction(async (tx, effects) => {
        const rows = await tx
          .update(photoVerifications)
          .set({ status: 'pending', selfieKey: key, submittedAt: deps.now() })
          .where(and(eq(photoVerifications.id, row.id), eq(photoVerifications.status, 'started')))
          .returning({ id: photoVerifications.id });
        // Screened after the commit (docs/safety.md): staff see the score beside the selfie.
        if (rows.length) await effects.emit('photo.added', { source: 'selfie', id: row.id, key, profileId });
        return rows;
      });
      if (!updated.length) {
        // Withdrawn or sent twice meanwhile: nothing names the file.
        await deps.storage.remove(key);
        throw notStarted();
      }
      return stateOf(profileId);
    },

    /** Withdraws an open attempt (started or waiting for staff): its selfie is deleted. */
    async withdraw(profileId: number): Promise<Verification> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(photoVerifications)
          .where(and(eq(photoVerifications.profileId, profileId), isOpen))
          .returning({ selfieKey: photoVerifications.selfieKey });
        const keys = removed.flatMap((row) => (row.selfieKey ? [row.selfieKey] : []));
        if (keys.length) await deps.jobs.enqueue(DELETE_FILES_JOB, { keys }, { tx });
        return stateOf(profileId, tx);
      });
    },

    // ---- staff ------------------------------------------------------------------------------

    /** Selfies waiting for staff, oldest first (keyset on submitted_at, id: photo_verifications_pending_idx). */
    async listPending(after: { submittedAt: Date; id: number } | null, limit: number) {
      return db
        .select({ verification: photoVerifications, name: profiles.name })
        .from(photoVerifications)
        .innerJoin(profiles, eq(profiles.id, photoVerifications.profileId))
        .where(
          and(
            eq(photoVerifications.status, 'pending'),
            after
              ? or(
                  gt(photoVerifications.submittedAt, after.submittedAt),
                  and(eq(photoVerifications.submittedAt, after.submittedAt), gt(photoVerifications.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(photoVerifications.submittedAt), asc(photoVerifications.id))
        .limit(limit);
    },

    /** The selfie's storage key while it waits for a decision (staff's file route). */
    async pendingSelfieKey(id: number): Promise<string> {
      const [row] = await db
        .select({ key: photoVerifications.selfieKey })
        .from(photoVerifications)
        .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, 'pending')));
      if (!row?.key) throw verificationNotFound();
      return row.key;
    },

    /**
     * Staff's decision on a pending selfie: approve verifies the member, reject says why. Either way the selfie is
     * deleted (after commit, by the file-deletion job) and the row keeps no key. `record` writes the audit entry in
     * the same transaction. A second decision on the same selfie finds nothing pending (404).
     */
    async decide(
      id: number,
      decision: AdminVerificationDecision,
      staffId: number | null,
      record: (tx: Executor, before: PhotoVerificationRow) => Promise<void>,
    ): Promise<PhotoVerificationRow> {
      return deps.outbox.transaction(async (tx, effects) => {
        const [row] = await tx
          .select()
          .from(photoVerifications)
          .where(and(eq(photoVerifications.id, id), eq(photoVerifications.status, 'pending')))
          .for('update');
        if (!row) throw verificationNotFound();
        const now = deps.now();
        const status = decision.decision === 'approve' ? 'approved' : 'rejected';
        const [decided] = await tx
          .update(photoVerifications)
          .set({
            status,
            rejectReason: decision.decision === 'reject' ? decision.reason : null,
            decidedBy: staffId,
            decidedAt: now,
            selfieKey: null,
          })
          .where(eq(photoVerifications.id, id))
          .returning();
        if (decision.decision === 'approve') {
          const profile = await deps.markProfileVerified(tx, row.profileId, now);
          if (profile?.userId) await effects.emit('member.changed', { userId: profile.userId });
        }
        if (row.selfieKey) await deps.jobs.enqueue(DELETE_FILES_JOB, { keys: [row.selfieKey] }, { tx });
        await record(tx, row);
        return decided!;
      });
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
