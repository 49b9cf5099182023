// Blocks as the staff console reads them: those between two profiles, either way (a report's history). Read only.
import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blocks, type BlockRow } from '../../db/schema/index.ts';

export function listBlocksBetween(executor: Executor, a: number, b: number): Promise<BlockRow[]> {
  return executor
    .select()
    .from(blocks)
    .where(
      or(
        and(eq(blocks.profileId, a), eq(blocks.blockedProfileId, b)),
        and(eq(blocks.profileId, b), eq(blocks.blockedProfileId, a)),
      ),
    );
}
