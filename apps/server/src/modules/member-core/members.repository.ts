// Drizzle queries every member feature needs: the profiles anyone may open, and their cards.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conversationMembers, likes, profiles, type ProfileRow } from '../../db/schema/index.ts';
import { cardColumns, isViewable, mainPhoto, mainPhotoJoin, type CardRow } from './profile-cards.ts';

export function createMembersRepository(db: Executor) {
  return {
    /** The member's profile with the account's premium flag, in one query. */
    /** A profile anyone may open on the site (see isViewable), or undefined. */
    async findViewable(siteId: number, profileId: number, tx: Executor = db): Promise<ProfileRow | undefined> {
      const [row] = await tx
        .select()
        .from(profiles)
        .where(and(eq(profiles.id, profileId), isViewable(siteId)))
        .limit(1);
      return row;
    },

    /** Profiles' names by id (staff's reports name the members their rows are about). */
    async listProfileNames(ids: readonly number[], tx: Executor = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: profiles.id, name: profiles.name })
        .from(profiles)
        .where(inArray(profiles.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
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
     * The account's profile, and the profiles whose polled lists show it: those it liked or was liked by (likes,
     * matches) and its conversation partners (chats). One query on the likes keys and the conversation members' partner
     * index, one on profiles_user_key.
     */
    async findRelatedProfiles(
      userId: number,
      tx: Executor = db,
    ): Promise<{ profileId: number | null; relatedIds: number[] }> {
      const [own] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
      if (!own) return { profileId: null, relatedIds: [] };
      const rows = (await tx.execute(sql`
        select ${likes.targetProfileId} as id from ${likes} where ${likes.profileId} = ${own.id}
        union select ${likes.profileId} from ${likes} where ${likes.targetProfileId} = ${own.id}
        union select ${conversationMembers.profileId} from ${conversationMembers} where ${conversationMembers.partnerProfileId} = ${own.id}`)) as unknown as {
        rows: { id: number }[];
      };
      return { profileId: own.id, relatedIds: rows.rows.map((row) => Number(row.id)) };
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
