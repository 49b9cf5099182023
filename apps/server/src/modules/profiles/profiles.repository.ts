// Drizzle queries on profiles (own profile, relations between two members); each method takes an optional transaction.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blocks, likes, matches, profiles, type ProfileRow } from '../../db/schema/index.ts';

export type RelationRow = {
  isLiked: boolean;
  isLikedBy: boolean;
  isMatch: boolean;
  isBlocked: boolean;
  isBlockedBy: boolean;
};

export function createProfilesRepository(db: Executor) {
  return {
    async findById(profileId: number, tx: Executor = db): Promise<ProfileRow | undefined> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
      return row;
    },

    async update(profileId: number, values: Partial<typeof profiles.$inferInsert>, tx: Executor = db): Promise<void> {
      await tx
        .update(profiles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(profiles.id, profileId));
    },

    /** Likes, match and blocks between two profiles, in one round trip. */
    async findRelation(profileId: number, otherId: number, tx: Executor = db): Promise<RelationRow> {
      const [low, high] = profileId < otherId ? [profileId, otherId] : [otherId, profileId];
      const [row] = await tx
        .select({
          isLiked: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${profileId} and ${likes.targetProfileId} = ${otherId})`,
          isLikedBy: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${otherId} and ${likes.targetProfileId} = ${profileId})`,
          isMatch: sql<boolean>`exists (select 1 from ${matches} where ${matches.lowProfileId} = ${low} and ${matches.highProfileId} = ${high})`,
          isBlocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.profileId} = ${profileId} and ${blocks.blockedProfileId} = ${otherId})`,
          isBlockedBy: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.profileId} = ${otherId} and ${blocks.blockedProfileId} = ${profileId})`,
        })
        .from(sql`(select 1) as one`);
      if (!row) throw new Error('relation query returned nothing');
      return {
        isLiked: Boolean(row.isLiked),
        isLikedBy: Boolean(row.isLikedBy),
        isMatch: Boolean(row.isMatch),
        isBlocked: Boolean(row.isBlocked),
        isBlockedBy: Boolean(row.isBlockedBy),
      };
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
