// Reading photos: a profile's, counted, one by id, and whether two members block each other.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blocks, photos, type PhotoRow } from '../../db/schema/index.ts';

export function createPhotosReadRepository(db: Executor) {
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
  };
}
