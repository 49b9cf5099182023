// The composition root's safety builder (docs/safety.md): the image classifier's screening, the receiver's chat photo
// blur, and where screening starts (the outbox consumers that queue a photo's job after its upload committed).
import type { FastifyInstance } from 'fastify';
import { areMatched } from './modules/likes/index.ts';
import { listPhotosOfProfiles, type PhotoSafety } from './modules/photos/index.ts';
import { findSite } from './modules/sites/index.ts';
import {
  consumeRiskEvents,
  consumeScreeningEvents,
  createRiskRepository,
  createRiskService,
  DEFAULT_SITE_RISK,
  createChatPhotoBlur,
  createModelClassifier,
  createSafetyRepository,
  createScreeningService,
  createTestClassifier,
  createModelFaceDescriber,
  createTestFaceDescriber,
  type FaceDescriber,
  type ImageClassifier,
} from './modules/safety/index.ts';

/** The classifier the config names: nsfwjs's model in this process, or the colour-reading test one. */
export function classifierFor(kind: 'model' | 'test'): ImageClassifier {
  return kind === 'model' ? createModelClassifier() : createTestClassifier();
}

/** The face model the same setting names: face-api's models in this process, or the colour-reading test one. */
export function faceDescriberFor(kind: 'model' | 'test'): FaceDescriber {
  return kind === 'model' ? createModelFaceDescriber() : createTestFaceDescriber();
}

export function buildSafety(
  app: FastifyInstance,
  models: { classifier: ImageClassifier; faces: FaceDescriber },
  photoSafety: Pick<PhotoSafety, 'restrictExplicit'>,
) {
  const now = () => app.clock.now();
  const repo = createSafetyRepository(app.db);
  const risk = createRiskService({
    repo: createRiskRepository(app.db),
    siteRisk: async (siteId, tx) => {
      const site = await findSite(tx, siteId);
      return site ? { threshold: site.riskThreshold, weights: site.riskWeights } : DEFAULT_SITE_RISK;
    },
    // The member view carries the hold: every instance reads it again (the event, delivered by the next sweep when
    // the transaction is the outbox's own acknowledgement), this one at once.
    onHoldChanged: async (userId, tx) => {
      await app.outbox.transaction((_tx, effects) => effects.emit('member.changed', { userId }), tx);
      await app.memberEvents.changed(userId);
    },
    now,
  });
  // Risk signals start after commit, from sent texts and reports (docs/safety.md, "Risk").
  consumeRiskEvents(app.outbox, risk);
  const screening = createScreeningService({
    repo,
    classifier: models.classifier,
    storage: app.storage,
    outbox: app.outbox,
    log: app.log,
    restrictExplicitPhoto: photoSafety.restrictExplicit,
    onProfilePhotoHashed: risk.onPhotoHashed,
    selfieFace: {
      faces: models.faces,
      profilePhotos: async (profileId) =>
        (await listPhotosOfProfiles(app.db, [profileId])).map(({ photo }) => ({ id: photo.id, key: photo.fileKey })),
    },
    onSelfieCompared: risk.onSelfieCompared,
    now,
  });
  consumeScreeningEvents(app.outbox, (job, tx) =>
    app.jobs.enqueue('safety.screen-photo', job, { uniqueKey: `${job.source}:${job.id}`, tx }),
  );
  const chatPhotoBlur = createChatPhotoBlur({ repo, db: app.db, areMatched, now });
  return { screening, chatPhotoBlur, classifier: models.classifier, faces: models.faces, risk };
}
export type Safety = ReturnType<typeof buildSafety>;
