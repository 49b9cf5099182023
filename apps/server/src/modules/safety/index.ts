// Public entry of safety (docs/safety.md): photo screening by the image classifier, chat photos blurred by the
// receiver's choice, and the member's safety settings.
export {
  ClassifierUnavailable,
  createModelClassifier,
  createTestClassifier,
  explicitScore,
  type ImageClassifier,
} from './classifier.ts';
export {
  createModelFaceDescriber,
  createTestFaceDescriber,
  faceSimilarity,
  type FaceDescriber,
} from './face-comparison.ts';
export { createSafetyRepository, type SafetyRepository } from './safety.repository.ts';
export {
  createScreeningService,
  EXPLICIT_THRESHOLD,
  type ScreeningService,
  type ScreenPhotoJob,
} from './screening.service.ts';
export { createChatPhotoBlur, type ChatPhotoBlurService } from './chat-photo-blur.service.ts';
export { consumeScreeningEvents } from './screening-events.ts';
export { listScreeningsOf } from './screening-staff-reads.ts';
export { createRiskRepository, type RiskRepository } from './risk.repository.ts';
export { createRiskService, DEFAULT_SITE_RISK, type RiskService, type SiteRisk } from './risk.service.ts';
export { consumeRiskEvents } from './risk-events.ts';
