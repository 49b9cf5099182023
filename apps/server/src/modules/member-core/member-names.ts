// A member's profile name by account (a mail's greeting); undefined without a profile, null without a name.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

export async function findMemberName(executor: Executor, userId: number) {
  const [row] = await executor.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, userId));
  return row?.name;
}
