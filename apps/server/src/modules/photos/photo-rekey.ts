// A photo that turns private or public gets new file keys (docs/storage.md): the files are copied to them, the row
// names them in `tx`, and the old files go once that transaction committed (a job, retried until they are gone). The
// new keys are pushed on `copies` first, so a caller whose transaction fails removes them again.
import type { Executor } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import { DELETE_FILES_JOB, newPhotoKeys, type FileStorage } from '../../plugins/storage/index.ts';
import type { PhotosRepository } from './photos.repository.ts';

export type PhotoKeys = { fileKey: string; thumbKey: string };

export async function rekeyPhoto(
  deps: {
    repo: Pick<PhotosRepository, 'setPrivate'>;
    storage: Pick<FileStorage, 'copy'>;
    jobs: Pick<JobQueue, 'enqueue'>;
  },
  row: { id: number } & PhotoKeys,
  isPrivate: boolean,
  tx: Executor,
  copies: PhotoKeys[],
): Promise<void> {
  const keys = newPhotoKeys(isPrivate);
  copies.push(keys);
  // Both copies end before a failure is thrown, so the caller's clean-up never races a copy still being written.
  const copied = await Promise.allSettled([
    deps.storage.copy(row.fileKey, keys.fileKey),
    deps.storage.copy(row.thumbKey, keys.thumbKey),
  ]);
  const failed = copied.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  await deps.repo.setPrivate(row.id, isPrivate, keys, tx);
  await deps.jobs.enqueue(DELETE_FILES_JOB, { keys: [row.fileKey, row.thumbKey] }, { tx });
}
