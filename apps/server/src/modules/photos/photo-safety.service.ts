// What a site's policy does with a profile photo the image classifier scored explicit (docs/safety.md): `allowed`
// leaves it, `private_only` makes it private, `review` holds it (private, shown to nobody but its owner and staff)
// until a moderator approves it (public again) or rejects it (deleted, as any rejected photo).
import { eq } from 'drizzle-orm';
import { photos, profiles, sites, type ExplicitPhotoPolicy } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { FileStorage } from '../../plugins/storage/index.ts';
import { rekeyPhoto, type PhotoKeys } from './photo-rekey.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { PhotosRepository } from './photos.repository.ts';

/** The photo's owner and their site's policy. */
async function ownerOf(
  tx: Executor,
  photoId: number,
): Promise<{ userId: number | null; policy: ExplicitPhotoPolicy } | undefined> {
  const [row] = await tx
    .select({ userId: profiles.userId, policy: sites.explicitPhotos })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .innerJoin(sites, eq(sites.id, profiles.siteId))
    .where(eq(photos.id, photoId));
  return row;
}

export function createPhotoSafety(deps: {
  photosRepository: PhotosRepository;
  storage: Pick<FileStorage, 'copy' | 'remove'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  outbox: Pick<Outbox, 'transaction'>;
  now: () => Date;
}) {
  const repo = deps.photosRepository;

  const rekey = (row: { id: number } & PhotoKeys, isPrivate: boolean, tx: Executor, copies: PhotoKeys[]) =>
    rekeyPhoto({ repo, storage: deps.storage, jobs: deps.jobs }, row, isPrivate, tx, copies);

  async function changing(work: (tx: Executor, copies: PhotoKeys[]) => Promise<number | null>) {
    const copies: PhotoKeys[] = [];
    try {
      await deps.outbox.transaction(async (tx, effects) => {
        const userId = await work(tx, copies);
        if (userId) {
          await effects.emit('member.changed', { userId });
          await effects.emit('member.shown', { userId });
        }
      });
    } catch (error) {
      await Promise.all(
        copies.flatMap((keys) => [deps.storage.remove(keys.fileKey), deps.storage.remove(keys.thumbKey)]),
      );
      throw error;
    }
  }

  return {
    /** Applies the site's policy to a profile photo scored explicit; a photo gone meanwhile is nothing to do. */
    async restrictExplicit(photoId: number): Promise<void> {
      await changing(async (tx, copies) => {
        const owner = await ownerOf(tx, photoId);
        if (!owner || owner.policy === 'allowed') return null;
        const row = await repo.findById(photoId, tx);
        if (!row) return null;
        await repo.lockProfile(row.profileId, tx);
        if (!row.isPrivate) await rekey(row, true, tx, copies);
        if (row.isMain) {
          await repo.clearMain(row.id, tx);
          await repo.promoteMain(row.profileId, tx);
        }
        if (owner.policy === 'review') await repo.setHeld(row.id, deps.now(), tx);
        return owner.userId;
      });
    },

    /**
     * A moderator approved a photo: `record` writes the review and its audit, and a photo held for review is public
     * again (the main photo when the profile has none), in one transaction; its copied files go if that fails.
     */
    async release(photoId: number, record: (tx: Executor) => Promise<void>): Promise<void> {
      await changing(async (tx, copies) => {
        await record(tx);
        const row = await repo.findById(photoId, tx);
        if (!row?.heldAt) return null;
        await repo.lockProfile(row.profileId, tx);
        await repo.setHeld(row.id, null, tx);
        await rekey(row, false, tx, copies);
        await repo.promoteMain(row.profileId, tx);
        return (await ownerOf(tx, photoId))?.userId ?? null;
      });
    },
  };
}
export type PhotoSafety = ReturnType<typeof createPhotoSafety>;
