// Face similarity (docs/safety.md): the verification selfie's largest face against every face in the member's profile
// photos, the best pair's similarity kept for the moderator. The descriptors are computed here and forgotten: only the
// similarity and the photo it names are stored with the selfie's screening.
import type { FaceCheck } from '../../db/schema/index.ts';
import { readStoredFile, type FileStorage } from '../../plugins/storage/index.ts';
import { bestFaceMatch, type FaceDescriber, type FaceDescriptor } from './face-comparison.ts';

/** At most this many profile photos (main first) are compared: a profile shows six. */
const MAX_COMPARED_PHOTOS = 6;

export type FaceComparison = { check: FaceCheck; similarity: number | null; photoId: number | null };

export type SelfieFaceDeps = {
  faces: FaceDescriber;
  /** The member's profile photos, main first (photos' read). */
  profilePhotos: (profileId: number) => Promise<{ id: number; key: string }[]>;
};

export async function compareSelfieFace(
  selfie: Buffer,
  profileId: number,
  deps: SelfieFaceDeps & {
    storage: Pick<FileStorage, 'read'>;
    log: { warn: (object: object, message: string) => void };
  },
): Promise<FaceComparison> {
  const nothing = (check: FaceCheck): FaceComparison => ({ check, similarity: null, photoId: null });
  try {
    const selfieFaces = await deps.faces.describe(selfie);
    if (selfieFaces.length === 0) return nothing('no_face_in_selfie');
    const photos: { id: number; faces: FaceDescriptor[] }[] = [];
    for (const photo of (await deps.profilePhotos(profileId)).slice(0, MAX_COMPARED_PHOTOS)) {
      const file = await deps.storage.read(photo.key);
      if (!file) continue;
      photos.push({ id: photo.id, faces: await deps.faces.describe(await readStoredFile(file)) });
    }
    const best = bestFaceMatch(selfieFaces, photos);
    if (!best) return nothing('no_face_in_photos');
    return { check: 'compared', similarity: best.similarity, photoId: best.photoId };
  } catch (error) {
    deps.log.warn({ err: error }, 'face comparison failed: the moderator compares by eye');
    return nothing('unavailable');
  }
}
