// Drizzle queries every member feature needs: the acting member as a Viewer, and the profiles anyone may open.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, users, type ProfileRow } from '../../db/schema/index.ts';
import { cardColumns, isViewable, mainPhoto, mainPhotoJoin, type CardRow, type Viewer } from './profile-cards.ts';

export function createMembersRepository(db: Executor) {
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

  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
