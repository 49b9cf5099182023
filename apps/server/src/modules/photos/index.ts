// Public entry of photos: the service, its repository, and how photos appear in payloads.
export { createPhotosRepository } from './photos.repository.ts';
export {
  createPhotoReads,
  createPhotosService,
  PHOTO_WORK_CONCURRENCY,
  mainImageOf,
  photoLimitOf,
  toPhoto,
  type PhotoReads,
  type PhotosService,
} from './photos.service.ts';
export { processPhoto } from './photo-processing.ts';
export {
  createVerificationService,
  pickPose,
  verificationNotFound,
  type VerificationService,
} from './verification.service.ts';
export { recordPhotoReview } from './photo-reviews.ts';
export {
  findMainPhoto,
  findPhotoRow,
  findPhotoWithOwner,
  findStaffPhoto,
  listPhotosOfProfiles,
  listStaffPhotoQueue,
  listStaffPhotosOfProfile,
  type StaffPhotoRow,
} from './photo-staff-reads.ts';
export { createPhotoSafety, type PhotoSafety } from './photo-safety.service.ts';
