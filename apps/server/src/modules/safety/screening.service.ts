// Photo screening (docs/safety.md): every uploaded photo (profile, chat, verification selfie) is scored by the image
// classifier in a job after its upload committed, one at a time per instance, and the score and labels are stored with
// it. A photo the classifier cannot read, or a classifier that did not load, leaves a `failed` screening: staff review
// the photo by hand; the upload itself is never touched.
import sharp from 'sharp';
import phash from 'sharp-phash';
import type { Executor } from '../../db/client.ts';
import type { ScreeningSource } from '../../db/schema/index.ts';
import { readStoredFile, type FileStorage } from '../../plugins/storage/index.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { ClassifierUnavailable, explicitScore, type ImageClassifier } from './classifier.ts';
import { compareSelfieFace, type FaceComparison, type SelfieFaceDeps } from './selfie-face.ts';
import type { SafetyRepository } from './safety.repository.ts';

/** From this explicit score on, a photo counts as explicit (docs/safety.md). */
export const EXPLICIT_THRESHOLD = 0.6;

export type ScreenPhotoJob = {
  source: ScreeningSource;
  /** The photo's, message's or verification's id. */
  id: number;
  /** The stored file to score. */
  key: string;
  /** Chat photos: whom to tell that the photo was screened (both members' open chats show it again). */
  conversationId?: number;
  profileIds?: number[];
  /** Profile photos: the uploader's profile. */
  profileId?: number;
};

/** Below this spread of grey levels an image is featureless (one colour): its hash would match every other such image. */
const MIN_DETAIL_STDEV = 8;

/**
 * The 64-bit perceptual hash (pHash, sharp-phash: the low frequencies of a 32 x 32 DCT against their median) of an
 * image as a signed bigint; null when it cannot be read or has nothing to recognise.
 */
async function perceptualHash(image: Buffer): Promise<bigint | null> {
  try {
    const { channels } = await sharp(image).greyscale().stats();
    if ((channels[0]?.stdev ?? 0) < MIN_DETAIL_STDEV) return null;
    return BigInt.asIntN(64, BigInt(`0b${await phash(image)}`));
  } catch {
    return null;
  }
}

export function createScreeningService(deps: {
  repo: SafetyRepository;
  classifier: ImageClassifier;
  storage: Pick<FileStorage, 'read'>;
  outbox: Pick<Outbox, 'transaction'>;
  log: { warn: (object: object, message: string) => void };
  /** Applies the site's policy to a profile photo scored explicit (photos' restrictExplicit): idempotent. */
  restrictExplicitPhoto: (photoId: number) => Promise<void>;
  /** A profile photo's perceptual hash, stored with its screening, in that transaction (risk: a photo another account uses). */
  onProfilePhotoHashed: (photo: { photoId: number; profileId: number; phash: bigint }, tx: Executor) => Promise<void>;
  /** Selfies: the face model and the member's profile photos to compare with (docs/safety.md, "Face similarity"). */
  selfieFace: SelfieFaceDeps;
  /** A selfie's face compared, stored with its screening, in that transaction (risk: a face unlike the photos). */
  onSelfieCompared: (
    selfie: { verificationId: number; profileId: number } & FaceComparison,
    tx: Executor,
  ) => Promise<void>;
  now: () => Date;
}) {
  async function classify(image: Buffer) {
    try {
      const labels = await deps.classifier.classify(image);
      return { status: 'scored' as const, labels, model: deps.classifier.name };
    } catch (error) {
      const reason = error instanceof ClassifierUnavailable ? 'model_unavailable' : 'unreadable';
      deps.log.warn({ err: error, reason }, 'photo screening failed: the photo goes to manual review');
      return { status: 'failed' as const, labels: {}, model: `${deps.classifier.name}:${reason}` };
    }
  }

  return {
    /** The job's work: scores the file and stores the result once. A file already gone is nothing to screen. */
    async screen(job: ScreenPhotoJob): Promise<void> {
      const earlier = await deps.repo.findScreening(job);
      if (earlier) {
        // Run again after a failure between storing the score and applying the policy: the policy again.
        if (earlier.isExplicit && job.source === 'profile') await deps.restrictExplicitPhoto(job.id);
        return;
      }
      const file = await deps.storage.read(job.key);
      if (!file) return;
      const image = await readStoredFile(file);
      const result = await classify(image);
      const phash = job.source === 'profile' && job.profileId ? await perceptualHash(image) : null;
      const face: FaceComparison | null =
        job.source === 'selfie' && job.profileId
          ? await compareSelfieFace(image, job.profileId, { ...deps.selfieFace, storage: deps.storage, log: deps.log })
          : null;
      const score = result.status === 'scored' ? explicitScore(result.labels) : null;
      const isExplicit = score !== null && score >= EXPLICIT_THRESHOLD;
      try {
        await deps.outbox.transaction(async (tx, effects) => {
          const stored = await deps.repo.insertScreening(
            {
              source: job.source,
              id: job.id,
              ...result,
              score,
              isExplicit,
              phash,
              faceCheck: face?.check ?? null,
              faceSimilarity: face?.similarity ?? null,
              facePhotoId: face?.photoId ?? null,
              screenedAt: deps.now(),
            },
            tx,
          );
          if (stored && phash !== null && job.profileId)
            await deps.onProfilePhotoHashed({ photoId: job.id, profileId: job.profileId, phash }, tx);
          if (stored && face && job.profileId)
            await deps.onSelfieCompared({ verificationId: job.id, profileId: job.profileId, ...face }, tx);
          if (stored && job.conversationId && job.profileIds?.length)
            await effects.emit('realtime', {
              profileIds: job.profileIds,
              event: { type: 'photo_screened', conversation_id: job.conversationId, message_id: job.id },
            });
        });
      } catch (error) {
        // The photo was deleted before its screening: nothing to store.
        if (!isForeignKeyViolation(error)) throw error;
        return;
      }
      if (isExplicit && job.source === 'profile') await deps.restrictExplicitPhoto(job.id);
    },
  };
}
export type ScreeningService = ReturnType<typeof createScreeningService>;
