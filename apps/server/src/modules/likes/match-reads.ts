// Whether two profiles are matched, for other modules (safety's chat photo blur). Read only.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matches } from '../../db/schema/index.ts';

export async function areMatched(executor: Executor, a: number, b: number): Promise<boolean> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await executor
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.lowProfileId, low), eq(matches.highProfileId, high)))
    .limit(1);
  return row !== undefined;
}
