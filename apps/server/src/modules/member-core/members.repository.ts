// Drizzle queries every member feature needs: the profiles anyone may open, and their cards.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conversationMembers, likes, profiles, type ProfileRow } from '../../db/schema/index.ts';
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

    /**
     * The profiles whose polled lists show the account's profile: those it liked or was liked by (likes, matches) and
     * its conversation partners (chats). One query on the likes keys and the conversation members' partner index.
     */
    async findRelatedProfileIds(userId: number, tx: Executor = db): Promise<number[]> {
      const rows = (await tx.execute(sql`
        with own as (select ${profiles.id} as id from ${profiles} where ${profiles.userId} = ${userId})
        select ${likes.targetProfileId} as id from ${likes} where ${likes.profileId} in (select id from own)
        union select ${likes.profileId} from ${likes} where ${likes.targetProfileId} in (select id from own)
        union select ${conversationMembers.profileId} from ${conversationMembers} where ${conversationMembers.partnerProfileId} in (select id from own)`)) as unknown as { rows: { id: number }[] };
      return rows.rows.map((row) => Number(row.id));
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
