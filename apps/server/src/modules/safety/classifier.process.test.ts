// The real image model (nsfwjs's bundled MobileNetV2 on TensorFlow.js's WebAssembly backend), loaded in this process as
// the server loads it: it scores generated photos, a broken image fails that photo alone, a model that fails to load
// fails each photo with ClassifierUnavailable; and an upload on an app with the real model is screened by its job.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoScreenings } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, uploadPhoto } from '../../test-support/members.ts';
import { ClassifierUnavailable, createModelClassifier, explicitScore, SCREENING_LABELS } from './classifier.ts';

const portrait = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="100%" height="100%" fill="#7aa7d9"/><rect y="600" width="800" height="400" fill="#3f6b35"/><ellipse cx="400" cy="420" rx="170" ry="220" fill="#e0b49a"/><rect x="280" y="620" width="240" height="380" fill="#1d3557"/></svg>',
    ),
  )
    .jpeg({ quality: 88 })
    .toBuffer();

describe('the real image model', () => {
  const classifier = createModelClassifier();
  let app: TestApp;
  beforeAll(async () => {
    await classifier.warm();
    app = await buildTestApp({}, { classifier });
  }, 120_000);
  afterAll(() => app?.close());

  it('scores a generated photo with every label, probabilities that add up to one', async () => {
    const labels = await classifier.classify(await portrait());
    expect(Object.keys(labels).sort()).toEqual([...SCREENING_LABELS].sort());
    const total = Object.values(labels).reduce((sum, value) => sum + value, 0);
    expect(total).toBeGreaterThan(0.98);
    expect(total).toBeLessThan(1.02);
    // A drawn landscape with a figure is not explicit.
    expect(explicitScore(labels)).toBeLessThan(0.6);
  });

  it('fails a broken image alone, and every photo with ClassifierUnavailable when the model cannot load', async () => {
    const photo = await portrait();
    await expect(classifier.classify(photo.subarray(0, photo.length / 3))).rejects.toThrow();
    await expect(classifier.classify(Buffer.from('not an image'))).rejects.not.toBeInstanceOf(ClassifierUnavailable);
    // The model still answers after a bad photo.
    expect(Object.keys(await classifier.classify(photo))).toHaveLength(SCREENING_LABELS.length);
    const unloadable = createModelClassifier({ load: () => Promise.reject(new Error('weights missing')) });
    await expect(unloadable.classify(photo)).rejects.toBeInstanceOf(ClassifierUnavailable);
  });

  it('screens an uploaded photo in its job on an app running the real model', async () => {
    const member = await createMember(app);
    const upload = await uploadPhoto(member.client, await portrait());
    expect(upload.statusCode).toBe(201);
    const photoId = upload.json<{ photo: { id: number } }>().photo.id;
    await app.jobs.runDueJobs(app.clock.now());
    const [row] = await app.db.select().from(photoScreenings).where(eq(photoScreenings.photoId, photoId));
    expect(row).toMatchObject({ status: 'scored', model: 'nsfwjs-mobilenet_v2', isExplicit: false });
    expect(Object.keys(row!.labels)).toHaveLength(SCREENING_LABELS.length);
  });
});
