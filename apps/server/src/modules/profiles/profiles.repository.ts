// Drizzle queries on profiles (own profile, viewer lookup, openable profiles); each method takes an optional transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blocks, likes, matches, profiles, users, type ProfileRow } from '../../db/schema/index.ts';
import { cardColumns, isViewable, mainPhoto, mainPhotoJoin, type CardRow, type Viewer } from './profile-cards.ts';

export type RelationRow = { isLiked: boolean; isLikedBy: boolean; isMatch: boolean; isBlocked: boolean; isBlockedBy: boolean };

export function createProfilesRepository(db: Executor) {
  return {
    /** The member's profile with the account's premium flag, in one query. */
    async findViewer(userId: number, tx: Executor = db): Promise<Viewer | undefined> {
      const [row] = await tx
        .select({
          userId: users.id,
          profileId: profiles.id,
          siteId: profiles.siteId,
          name: profiles.name,
          isPremium: users.paidUser,
          gender: profiles.gender,
          sexuality: profiles.sexuality,
          dateOfBirth: profiles.dateOfBirth,
          country: profiles.country,
          region: profiles.region,
        })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row;
    },

    async findById(profileId: number, tx: Executor = db): Promise<ProfileRow | undefined> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
      return row;
    },

    /** A profile anyone may open on the site (see isViewable), or undefined. */
    async findViewable(siteId: number, profileId: number, tx: Executor = db): Promise<ProfileRow | undefined> {
      const [row] = await tx.select().from(profiles).where(and(eq(profiles.id, profileId), isViewable(siteId))).limit(1);
      return row;
    },

    /** The card of an openable profile. */
    async findViewableCard(siteId: number, profileId: number, tx: Executor = db): Promise<CardRow | undefined> {
      const [row] = await tx
        .select(cardColumns)
        .from(profiles)
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(and(eq(profiles.id, profileId), isViewable(siteId)))
        .limit(1);
      return row;
    },

    async update(profileId: number, values: Partial<typeof profiles.$inferInsert>, tx: Executor = db): Promise<void> {
      await tx.update(profiles).set({ ...values, updatedAt: sql`now()` }).where(eq(profiles.id, profileId));
    },

    /** Likes, match and blocks between two profiles, in one round trip. */
    async findRelation(profileId: number, otherId: number, tx: Executor = db): Promise<RelationRow> {
      const [low, high] = profileId < otherId ? [profileId, otherId] : [otherId, profileId];
      const [row] = await tx.select({
        isLiked: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${profileId} and ${likes.targetProfileId} = ${otherId})`,
        isLikedBy: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${otherId} and ${likes.targetProfileId} = ${profileId})`,
        isMatch: sql<boolean>`exists (select 1 from ${matches} where ${matches.lowProfileId} = ${low} and ${matches.highProfileId} = ${high})`,
        isBlocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.profileId} = ${profileId} and ${blocks.blockedProfileId} = ${otherId})`,
        isBlockedBy: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.profileId} = ${otherId} and ${blocks.blockedProfileId} = ${profileId})`,
      }).from(sql`(select 1) as one`);
      if (!row) throw new Error('relation query returned nothing');
      return { isLiked: Boolean(row.isLiked), isLikedBy: Boolean(row.isLikedBy), isMatch: Boolean(row.isMatch), isBlocked: Boolean(row.isBlocked), isBlockedBy: Boolean(row.isBlockedBy) };
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
