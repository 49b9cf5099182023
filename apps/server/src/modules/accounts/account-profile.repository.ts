// Reads of the account's profile and photos (the profiles and photos modules own those tables).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { photos, profiles, type ProfileRow } from '../../db/schema/index.ts';

export function createAccountProfileRepository(db: Executor) {
  return {
    async findProfileOfUser(userId: number, tx: Executor = db): Promise<Pick<ProfileRow, 'id' | 'name'> | undefined> {
      const [row] = await tx
        .select({ id: profiles.id, name: profiles.name })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row;
    },

    async findProfile(id: number, tx: Executor = db): Promise<ProfileRow | undefined> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    /** Deletes the account; profiles, sessions, tokens, subscriptions, messages and the balance go with it (ON DELETE CASCADE). */
    /** Every stored file of the account's photos (main and thumbnail). */
    async findPhotoFileKeys(userId: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ fileKey: photos.fileKey, thumbKey: photos.thumbKey })
        .from(photos)
        .innerJoin(profiles, eq(profiles.id, photos.profileId))
        .where(eq(profiles.userId, userId));
      return rows.flatMap((row) => [row.fileKey, row.thumbKey]);
    },
  };
}
