// Writing photos under the profile's lock: added, made main or private, deleted, the next one promoted to main.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { photos, profiles, type PhotoRow } from '../../db/schema/index.ts';

export function createPhotosWriteRepository(db: Executor) {
  return {
    /** Serialises photo changes of one profile (the limit check and the main-photo switch) until the transaction ends. */
    async lockProfile(profileId: number, tx: Executor): Promise<void> {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
    },

    async insert(values: typeof photos.$inferInsert, tx: Executor = db): Promise<PhotoRow> {
      const [row] = await tx.insert(photos).values(values).returning();
      if (!row) throw new Error('photo insert returned nothing');
      return row;
    },

    async setMain(profileId: number, photoId: number, tx: Executor): Promise<void> {
      await tx
        .update(photos)
        .set({ isMain: false })
        .where(and(eq(photos.profileId, profileId), sql`${photos.isMain}`));
      await tx
        .update(photos)
        .set({ isMain: true })
        .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)));
    },

    /** Stops a photo being the main one (its profile's next public photo is promoted by `promoteMain`). */
    async clearMain(photoId: number, tx: Executor): Promise<void> {
      await tx.update(photos).set({ isMain: false }).where(eq(photos.id, photoId));
    },

    /** Holds a photo for staff review (docs/safety.md), or lets it go (null). */
    async setHeld(photoId: number, heldAt: Date | null, tx: Executor): Promise<void> {
      await tx.update(photos).set({ heldAt }).where(eq(photos.id, photoId));
    },

    async setPrivate(
      photoId: number,
      isPrivate: boolean,
      keys: { fileKey: string; thumbKey: string },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(photos)
        .set({ isPrivate, ...keys })
        .where(eq(photos.id, photoId));
    },

    async delete(photoId: number, tx: Executor = db): Promise<void> {
      await tx.delete(photos).where(eq(photos.id, photoId));
    },

    /** Makes the oldest public photo the main one when the profile has none. */
    async promoteMain(profileId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`
        update ${photos} set is_main = true
        where id = (select id from ${photos} where profile_id = ${profileId} and not is_private order by id limit 1)
          and not exists (select 1 from ${photos} where profile_id = ${profileId} and is_main)`);
    },
  };
}
