// Profiles as the staff console reads them: one profile by id (a report's reported content). Read only.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, type ProfileRow } from '../../db/schema/index.ts';

export async function findProfileById(executor: Executor, profileId: number): Promise<ProfileRow | undefined> {
  const [row] = await executor.select().from(profiles).where(eq(profiles.id, profileId));
  return row;
}
