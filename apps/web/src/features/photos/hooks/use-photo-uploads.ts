// The uploads of the photos manager: a queue uploaded one after the other, each with its progress and error.
import { useRef, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MEGABYTES } from '@app/contracts';
import { toFormErrors, type FormError } from '../../../lib/form-errors.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';

export type Upload = {
  key: number;
  name: string;
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: FormError;
};

/** The limit error of this member: free members hear about premium (SPEC section 8). */
export function getPhotoLimitError(isPremium: boolean, limit: number): FormError {
  return isPremium
    ? { code: 'photo_limit_max', params: { max: limit } }
    : { code: 'photo_limit_reached', params: { max: limit } };
}

type Options = { photoCount: number; limit: number; isPremium: boolean; isPrivate: boolean };

export function usePhotoUploads({ photoCount, limit, isPremium, isPrivate }: Options) {
  const upload = useUploadPhoto();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(1);
  const isUploading = uploads.some((entry) => entry.status === 'uploading' || entry.status === 'waiting');

  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  /** Why a file cannot go up before it is sent, if it cannot. */
  const refusal = (file: File, count: number): FormError | null => {
    if (count >= limit) return getPhotoLimitError(isPremium, limit);
    if (file.size > PHOTO_MAX_BYTES) return { code: 'photo_too_large', params: { max_mb: PHOTO_MAX_MEGABYTES } };
    return null;
  };

  /** One after the other: the limit is checked per photo, and progress stays readable. */
  const uploadFiles = async (files: File[]) => {
    const queued = files.map((file) => ({
      file,
      entry: { key: nextKey.current++, name: file.name, progress: 0, status: 'waiting' as const },
    }));
    setUploads((current) => [
      ...current.filter((entry) => entry.status !== 'done'),
      ...queued.map((item) => item.entry),
    ]);
    let count = photoCount;
    for (const { file, entry } of queued) {
      const error = refusal(file, count);
      if (error) {
        patchUpload(entry.key, { status: 'failed', error });
        continue;
      }
      patchUpload(entry.key, { status: 'uploading' });
      try {
        await upload.mutateAsync({
          file,
          isPrivate,
          onProgress: (fraction) => patchUpload(entry.key, { progress: Math.round(fraction * 100) }),
        });
        patchUpload(entry.key, { status: 'done', progress: 100 });
        count += 1;
      } catch (caught) {
        patchUpload(entry.key, { status: 'failed', error: toFormErrors(caught).form ?? { code: 'error_generic' } });
      }
    }
  };

  return { uploads, isUploading, uploadFiles };
}
