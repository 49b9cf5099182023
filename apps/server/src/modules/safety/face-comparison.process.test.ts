// The real face models (face-api's bundled SSD MobileNet v1, landmarks and recognition net on TensorFlow.js's
// WebAssembly backend), loaded in this process as the server loads them, on the photos the npm package ships
// (demo/sample1.jpg: three women side by side): a mirrored, recompressed crop of one face resembles a wider crop of the
// same face and not her neighbour's; a photo without a face has none; and on an app running the models a verification
// selfie is compared with the member's profile photos in its screening job.
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_RESEMBLANCE_THRESHOLD } from '@app/contracts';
import { photoScreenings, photoVerifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, sendVerificationSelfie, uploadPhoto } from '../../test-support/members.ts';
import { ClassifierUnavailable, createTestClassifier } from './classifier.ts';
import { bestFaceMatch, createModelFaceDescriber, faceSimilarity } from './face-comparison.ts';

const sample = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo/sample1.jpg',
);
/** The two left faces of sample1.jpg (1920 x 1280), each with a margin. */
const FIRST_FACE = { left: 271, top: 162, width: 458, height: 619 };
const SECOND_FACE = { left: 700, top: 237, width: 483, height: 590 };
const WIDER = { left: 180, top: 60, width: 640, height: 860 };

/** A selfie: the face cropped, mirrored and recompressed, as a phone's front camera gives it. */
const selfieOf = (box: typeof FIRST_FACE) =>
  sharp(sample).extract(box).resize(480).flop().jpeg({ quality: 70 }).toBuffer();
const photoOf = (box: typeof FIRST_FACE) => sharp(sample).extract(box).jpeg({ quality: 90 }).toBuffer();

describe('the real face models', () => {
  const faces = createModelFaceDescriber();
  let app: TestApp;
  beforeAll(async () => {
    await faces.warm();
    app = await buildTestApp({}, { classifier: createTestClassifier(), faces });
  }, 120_000);
  afterAll(() => app?.close());

  it("finds the same woman's face in a mirrored selfie and a wider photo, and not in her neighbour's", async () => {
    const [selfie] = await faces.describe(await selfieOf(FIRST_FACE));
    const [same] = await faces.describe(await photoOf(WIDER));
    const [neighbour] = await faces.describe(await photoOf(SECOND_FACE));
    expect(selfie).toHaveLength(128);
    const resemblance = faceSimilarity(selfie!, same!);
    const strangers = faceSimilarity(selfie!, neighbour!);
    expect(resemblance).toBeGreaterThanOrEqual(FACE_RESEMBLANCE_THRESHOLD);
    expect(strangers).toBeLessThan(FACE_RESEMBLANCE_THRESHOLD);
    expect(
      bestFaceMatch(
        [selfie!],
        [
          { id: 1, faces: [neighbour!] },
          { id: 2, faces: [same!] },
        ],
      ),
    ).toEqual({ similarity: resemblance, photoId: 2 });
  });

  it('finds no face in a landscape, fails a broken image alone, and a model that cannot load with ClassifierUnavailable', async () => {
    const landscape = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5d8aa8' } })
      .jpeg()
      .toBuffer();
    expect(await faces.describe(landscape)).toEqual([]);
    const photo = await photoOf(WIDER);
    await expect(faces.describe(photo.subarray(0, 200))).rejects.not.toBeInstanceOf(ClassifierUnavailable);
    expect(await faces.describe(photo)).toHaveLength(1);
    const unloadable = createModelFaceDescriber({ load: () => Promise.reject(new Error('weights missing')) });
    await expect(unloadable.describe(photo)).rejects.toBeInstanceOf(ClassifierUnavailable);
  });

  it("compares a verification selfie with the member's profile photos in its screening job", async () => {
    const member = await createMember(app);
    expect((await uploadPhoto(member.client, await photoOf(SECOND_FACE))).statusCode).toBe(201);
    const profilePhoto = (await uploadPhoto(member.client, await photoOf(WIDER))).json<{ photo: { id: number } }>()
      .photo.id;
    await app.jobs.runDueJobs(app.clock.now());
    expect((await sendVerificationSelfie(member.client, await selfieOf(FIRST_FACE))).statusCode).toBe(200);
    await app.jobs.runDueJobs(app.clock.now());
    const [verification] = await app.db
      .select({ id: photoVerifications.id })
      .from(photoVerifications)
      .where(eq(photoVerifications.profileId, member.profileId));
    const [row] = await app.db
      .select()
      .from(photoScreenings)
      .where(eq(photoScreenings.verificationId, verification!.id));
    expect(row).toMatchObject({ faceCheck: 'compared', facePhotoId: profilePhoto });
    expect(row!.faceSimilarity).toBeGreaterThanOrEqual(FACE_RESEMBLANCE_THRESHOLD);
  });
});
