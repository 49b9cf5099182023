// POST /api/photo.php (multipart, file field `photo`): uploads one photo with progress; answers the photo and the new list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError as ApiErrorBody, UploadPhotoResponse } from '@app/contracts';
import { ApiError, checkContract, notifyIfAuthenticationRequired } from '../../../lib/api-client.ts';
import { syncPhotos } from './sync-photos.ts';

/** Mirrors PHOTO_FIELD of @app/contracts (a runtime import there would pull zod into this chunk). */
const PHOTO_FIELD = 'photo';

export type UploadPhotoInput = { file: File; isPrivate?: boolean; onProgress?: (fraction: number) => void };

function toApiError(xhr: XMLHttpRequest): ApiError {
  let body: ApiErrorBody | undefined;
  try {
    body = JSON.parse(xhr.responseText) as ApiErrorBody;
  } catch {
    body = undefined;
  }
  // A proxy refusing the body answers 413 without our JSON; it still means "too large".
  const code = body?.error?.code ?? (xhr.status === 413 ? 'photo_too_large' : 'error_generic');
  return new ApiError(xhr.status, code, body?.error?.message ?? xhr.statusText, body);
}

/**
 * fetch() reports no upload progress, so this one request uses XMLHttpRequest, with the same
 * Request-Type header, cookies and auth-required logout as the API client. Uploads are never retried (not idempotent).
 */
export function uploadPhoto({ file, isPrivate = false, onProgress }: UploadPhotoInput): Promise<UploadPhotoResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `/api/photo.php${isPrivate ? '?is_private=1' : ''}`;
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Request-Type', 'client');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const answer = JSON.parse(xhr.responseText) as UploadPhotoResponse;
          checkContract(url, 'uploadPhotoResponseSchema', answer).then(() => resolve(answer), reject);
        } catch (error) {
          reject(error);
        }
      } else {
        const error = toApiError(xhr);
        notifyIfAuthenticationRequired(url, error);
        reject(error);
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'error_generic', 'network error')));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'error_generic', 'aborted')));
    const form = new FormData();
    form.append(PHOTO_FIELD, file, file.name);
    xhr.send(form);
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: (data) => syncPhotos(queryClient, data) });
}
