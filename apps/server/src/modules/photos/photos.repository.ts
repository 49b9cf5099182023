// Drizzle queries on photos; each method takes an optional transaction.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blocks, photos, profiles, type PhotoRow } from '../../db/schema/index.ts';

export function createPhotosRepository(db: Executor) {
  return {
    /** Main photo first, then in upload order. */
    async listByProfile(profileId: number, tx: Executor = db): Promise<PhotoRow[]> {
      return tx
        .select()
        .from(photos)
        .where(eq(photos.profileId, profileId))
        .orderBy(desc(photos.isMain), asc(photos.id));
    },

    async countByProfile(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ value: count() }).from(photos).where(eq(photos.profileId, profileId));
      return Number(row?.value ?? 0);
    },

    /** Serialises photo changes of one profile (the limit check and the main-photo switch) until the transaction ends. */
    async lockProfile(profileId: number, tx: Executor): Promise<void> {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
    },

    async findById(photoId: number, tx: Executor = db): Promise<PhotoRow | undefined> {
      const [row] = await tx.select().from(photos).where(eq(photos.id, photoId)).limit(1);
      return row;
    },

    /** Either profile has blocked the other (the blocks primary key serves both lookups). */
    async isBlockedEitherWay(profileId: number, otherProfileId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: blocks.profileId })
        .from(blocks)
        .where(
          sql`(${blocks.profileId} = ${profileId} and ${blocks.blockedProfileId} = ${otherProfileId}) or (${blocks.profileId} = ${otherProfileId} and ${blocks.blockedProfileId} = ${profileId})`,
        )
        .limit(1);
      return Boolean(row);
    },

    async find(profileId: number, photoId: number, tx: Executor = db): Promise<PhotoRow | undefined> {
      const [row] = await tx
        .select()
        .from(photos)
        .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
        .limit(1);
      return row;
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
export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
