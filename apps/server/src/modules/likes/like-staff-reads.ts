// Likes as the staff console reads them: those between two profiles, either way (a report's history). Read only.
import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, type LikeRow } from '../../db/schema/index.ts';

export function listLikesBetween(executor: Executor, a: number, b: number): Promise<LikeRow[]> {
  return executor
    .select()
    .from(likes)
    .where(
      or(
        and(eq(likes.profileId, a), eq(likes.targetProfileId, b)),
        and(eq(likes.profileId, b), eq(likes.targetProfileId, a)),
      ),
    );
}
