// Photo rules: upload with the free/premium limits, main photo, private photos, deletion, and which photos a viewer may see.
import { FREE_VIEWER_PHOTOS, PHOTO_LIMITS, type Image, type Photo } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { PhotoRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { DELETE_FILES_JOB, newPhotoKeys, type FileStorage } from '../../plugins/storage/index.ts';
import { rekeyPhoto } from './photo-rekey.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Executor } from '../../db/client.ts';
import { toImage, type Viewer } from '../member-core/index.ts';
import type { Semaphore } from '../../lib/semaphore.ts';
import { processPhoto, type ProcessedPhoto } from './photo-processing.ts';
import type { PhotosRepository } from './photos.repository.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';

export type PhotosLockedReason = 'login_required_photos' | 'premium_required_photos';
export type VisiblePhotos = { photos: PhotoRow[]; hiddenCount: number; lockedReason: PhotosLockedReason | null };

export const photoNotFound = () => new AppError(404, 'photo_not_found');

export function photoLimitOf(isPremium: boolean): number {
  return isPremium ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
}

function photoLimitReached(isPremium: boolean): AppError {
  // SPEC section 8 names the free members' message; premium members reach the absolute maximum.
  return isPremium
    ? new AppError(403, 'photo_limit_max', { max: PHOTO_LIMITS.premium })
    : new AppError(403, 'photo_limit_reached', { max: PHOTO_LIMITS.free });
}

/**
 * Where a private photo is served: the app's own authorised route, never the public /uploads files or a CDN
 * (docs/storage.md). The route answers only members allowed to see the photo.
 */
export function privatePhotoUrl(photoId: number, size: 'full' | 'thumb'): string {
  return `/api/photo-file.php?id=${photoId}${size === 'thumb' ? '&size=thumb' : ''}`;
}

export function toPhoto(row: PhotoRow, cdnPrefix: string): Photo {
  const image = row.isPrivate
    ? {
        filename: privatePhotoUrl(row.id, 'full'),
        thumb_filename: privatePhotoUrl(row.id, 'thumb'),
        status: row.heldAt ? ('review' as const) : ('active' as const),
      }
    : toImage(cdnPrefix, row.fileKey, row.thumbKey)!;
  return { id: row.id, ...image, width: row.width, height: row.height, is_private: row.isPrivate, is_main: row.isMain };
}

export function mainImageOf(rows: PhotoRow[], cdnPrefix: string): Image | null {
  const main = rows.find((row) => row.isMain);
  return main ? toImage(cdnPrefix, main.fileKey, main.thumbKey) : null;
}

/**
 * Which of a member's photos (main first) a viewer sees: the owner and premium members all of them;
 * free members the main photo and public ones up to FREE_VIEWER_PHOTOS; visitors the main photo only.
 * Private photos are for the owner and premium members.
 */
export function selectVisiblePhotos(
  rows: PhotoRow[],
  viewer: Pick<Viewer, 'profileId' | 'isPremium'> | null,
  ownerProfileId: number,
): VisiblePhotos {
  if (viewer?.profileId === ownerProfileId) return { photos: rows, hiddenCount: 0, lockedReason: null };
  // A photo held for staff review (docs/safety.md) is shown to nobody else, and not counted as hidden.
  rows = rows.filter((row) => !row.heldAt);
  if (viewer?.isPremium) return { photos: rows, hiddenCount: 0, lockedReason: null };
  const publicRows = rows.filter((row) => !row.isPrivate);
  const shown = viewer ? publicRows.slice(0, FREE_VIEWER_PHOTOS) : publicRows.filter((row) => row.isMain);
  const hiddenCount = rows.length - shown.length;
  const lockedReason = hiddenCount === 0 ? null : viewer ? 'premium_required_photos' : 'login_required_photos';
  return { photos: shown, hiddenCount, lockedReason };
}

/**
 * Reading a member's photos: their own list, and what a viewer sees. Built on any database a repository is: the
 * photos service's own on the primary, and on `app.readDb` for pages that tolerate a second of lag (a member's page,
 * docs/read-replicas.md).
 */
export function createPhotoReads(repo: Pick<PhotosRepository, 'listByProfile'>) {
  return {
    listOwn(profileId: number): Promise<PhotoRow[]> {
      return repo.listByProfile(profileId);
    },

    async listVisible(
      ownerProfileId: number,
      viewer: Pick<Viewer, 'profileId' | 'isPremium'> | null,
    ): Promise<VisiblePhotos> {
      return selectVisiblePhotos(await repo.listByProfile(ownerProfileId), viewer, ownerProfileId);
    },
  };
}
export type PhotoReads = ReturnType<typeof createPhotoReads>;

/**
 * Photo uploads read and decoded at once per instance. Two: the machines are small (2 cores, and sharp is set to one
 * thread per image), and a 14 MB upload with its decoded pixels costs a few hundred MB; twenty at once took a server
 * from 234 to 940 MB. More waiting uploads cost nothing but time.
 */
export const PHOTO_WORK_CONCURRENCY = 2;

export function createPhotosService(deps: {
  db: Database;
  photosRepository: PhotosRepository;
  storage: FileStorage;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** The main photo is part of the member's own view (user.php). */
  /** A change of the main photo records `member.changed` in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /** Bounds photo work on this instance (profile and chat photos alike): PHOTO_WORK_CONCURRENCY, docs/storage.md. */
  photoWork: Semaphore;
}) {
  const repo = deps.photosRepository;

  /**
   * Reads an upload into memory and re-encodes it holding one of `photoWork`'s slots: the slot is taken before the
   * upload is read, so at most PHOTO_WORK_CONCURRENCY uploads are held as whole buffers and decoded at once; the
   * others wait with their bodies unread (TCP backpressure holds them on the client's side, not in this process).
   */
  function processUpload(read: () => Promise<Buffer>): Promise<ProcessedPhoto> {
    return deps.photoWork.run(async () => processPhoto(await read()));
  }

  async function removeFiles(row: Pick<PhotoRow, 'fileKey' | 'thumbKey'>): Promise<void> {
    await Promise.all([deps.storage.remove(row.fileKey), deps.storage.remove(row.thumbKey)]);
  }

  /** The files go once the transaction that dropped the row commits, and again until they are gone (a job). */
  async function removeFilesAfterCommit(row: Pick<PhotoRow, 'fileKey' | 'thumbKey'>, tx: Executor): Promise<void> {
    await deps.jobs.enqueue(DELETE_FILES_JOB, { keys: [row.fileKey, row.thumbKey] }, { tx });
  }

  return {
    ...createPhotoReads(repo),

    /**
     * Re-encodes and stores one upload. The first public photo becomes the main photo. The limit is
     * checked before the (slow) decoding and again under the profile lock, so parallel uploads cannot pass it.
     */
    processUpload,
    /** The bound itself: tests and monitoring read its peak. */
    photoWork: deps.photoWork,

    /** `read` answers the upload's bytes; it runs only once a photo slot is free (processUpload). */
    async upload(
      viewer: Pick<Viewer, 'userId' | 'profileId' | 'isPremium'>,
      read: () => Promise<Buffer>,
      options: { isPrivate: boolean },
    ): Promise<PhotoRow> {
      const limit = photoLimitOf(viewer.isPremium);
      await this.assertBelowLimit(viewer);
      const processed = await processUpload(read);
      const keys = newPhotoKeys(options.isPrivate);
      await Promise.all([
        deps.storage.write(keys.fileKey, processed.full),
        deps.storage.write(keys.thumbKey, processed.thumb),
      ]);
      try {
        return await deps.outbox.transaction(async (tx, effects) => {
          await repo.lockProfile(viewer.profileId, tx);
          const existing = await repo.listByProfile(viewer.profileId, tx);
          if (existing.length >= limit) throw photoLimitReached(viewer.isPremium);
          const hasMain = existing.some((row) => row.isMain);
          const inserted = await repo.insert(
            {
              profileId: viewer.profileId,
              ...keys,
              width: processed.width,
              height: processed.height,
              isPrivate: options.isPrivate,
              isMain: !options.isPrivate && !hasMain,
            },
            tx,
          );
          if (inserted.isMain) {
            await effects.emit('member.changed', { userId: viewer.userId });
            await effects.emit('member.shown', { userId: viewer.userId });
          }
          // Screened after the commit (docs/safety.md).
          await effects.emit('photo.added', {
            source: 'profile',
            id: inserted.id,
            key: inserted.fileKey,
            profileId: viewer.profileId,
          });
          return inserted;
        });
      } catch (error) {
        await removeFiles(keys);
        throw error;
      }
    },

    /** Refuses an upload over the member's photo limit: called before the upload's body is read. */
    async assertBelowLimit(viewer: Pick<Viewer, 'profileId' | 'isPremium'>): Promise<void> {
      if ((await repo.countByProfile(viewer.profileId)) >= photoLimitOf(viewer.isPremium))
        throw photoLimitReached(viewer.isPremium);
    },

    /**
     * Makes a photo the main one and/or marks it private; the main photo cannot be private. A photo that turns
     * private or public gets new file keys: the URL it had while public stops answering (CDN and browser caches
     * held it for a year), and a private file never sits where /uploads serves.
     */
    async update(
      viewer: Pick<Viewer, 'userId' | 'profileId'>,
      input: { id: number; is_main?: true; is_private?: boolean },
    ): Promise<void> {
      const copies: { fileKey: string; thumbKey: string }[] = [];
      try {
        await deps.outbox.transaction(async (tx, effects) => {
          await repo.lockProfile(viewer.profileId, tx);
          const row = await repo.find(viewer.profileId, input.id, tx);
          if (!row) throw photoNotFound();
          const willBePrivate = input.is_private ?? row.isPrivate;
          const willBeMain = input.is_main ?? row.isMain;
          if (willBePrivate && willBeMain) throw new AppError(400, 'photo_private_main');
          // Held for staff review (docs/safety.md): it stays private until a moderator approves it.
          if (row.heldAt && (!willBePrivate || willBeMain)) throw new AppError(409, 'photo_under_review');
          if (input.is_private !== undefined && input.is_private !== row.isPrivate) {
            await rekeyPhoto({ repo, storage: deps.storage, jobs: deps.jobs }, row, input.is_private, tx, copies);
          }
          if (input.is_main && !row.isMain) await repo.setMain(viewer.profileId, row.id, tx);
          // A photo made public may become the main photo of a profile that has none.
          await repo.promoteMain(viewer.profileId, tx);
          await effects.emit('member.changed', { userId: viewer.userId });
          await effects.emit('member.shown', { userId: viewer.userId });
        });
      } catch (error) {
        // Nothing names the copies: the row still has its old keys.
        await Promise.all(copies.map(removeFiles));
        throw error;
      }
    },

    /** Deletes a photo and its files; when it was the main photo, the oldest public photo takes over. */
    async remove(viewer: Pick<Viewer, 'userId' | 'profileId'>, photoId: number): Promise<void> {
      await deps.outbox.transaction(async (tx, effects) => {
        await repo.lockProfile(viewer.profileId, tx);
        const found = await repo.find(viewer.profileId, photoId, tx);
        if (!found) throw photoNotFound();
        await repo.delete(found.id, tx);
        if (found.isMain) await repo.promoteMain(viewer.profileId, tx);
        await removeFilesAfterCommit(found, tx);
        await effects.emit('member.changed', { userId: viewer.userId });
        await effects.emit('member.shown', { userId: viewer.userId });
      });
    },

    /**
     * The photo a viewer asks for at the authorised file route, when they may see it: the owner always; others
     * only on a profile they may open (checked by `isOpenable`), not blocked either way, and a private photo
     * only as a premium member. Anything else is "not found", telling nothing about the photo.
     */
    async findServable(
      photoId: number,
      viewer: Pick<Viewer, 'profileId' | 'isPremium'> | null,
      isOpenable: (profileId: number) => Promise<boolean>,
    ): Promise<PhotoRow> {
      const photo = await repo.findById(photoId);
      if (!photo) throw photoNotFound();
      if (viewer?.profileId === photo.profileId) return photo;
      if (photo.heldAt || (photo.isPrivate && !viewer?.isPremium)) throw photoNotFound();
      if (!(await isOpenable(photo.profileId))) throw photoNotFound();
      if (viewer && (await repo.isBlockedEitherWay(viewer.profileId, photo.profileId))) throw photoNotFound();
      return photo;
    },
  };
}
export type PhotosService = ReturnType<typeof createPhotosService>;
