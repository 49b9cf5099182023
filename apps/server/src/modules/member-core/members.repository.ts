// Drizzle queries every member feature needs: the profiles anyone may open, and their cards.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, type ProfileRow } from '../../db/schema/index.ts';
import { cardColumns, isViewable, mainPhoto, mainPhotoJoin, type CardRow } from './profile-cards.ts';

export function createMembersRepository(db: Executor) {
  return {
    /** The member's profile with the account's premium flag, in one query. */
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
