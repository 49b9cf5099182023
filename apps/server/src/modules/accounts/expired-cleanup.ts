// Housekeeping, as a recurring job: deletes expired sessions and account tokens (activation, reset, e-mail change,
// reactivation) that expired or were used more than TOKEN_KEEP_MS ago.
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/index.ts';
import { deleteExpiredSessions } from '../../plugins/session/index.ts';

export { expiredSessionsBatch } from '../../plugins/session/index.ts';

/**
 * Used and expired tokens are kept a while: the reset-mail limit counts the tokens of the last 24 hours, and a
 * link opened again shortly after its use can still be told apart from an unknown one.
 */
export const TOKEN_KEEP_MS = 7 * 24 * 60 * 60_000;
const BATCH = 1000;

/** The next batch of tokens expired or used before `keptSince` (on `account_tokens_expires_idx` and `account_tokens_used_idx`). */
export const oldTokensBatch = (db: Executor, keptSince: Date) =>
  db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      or(
        lt(accountTokens.expiresAt, keptSince),
        and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, keptSince)),
      ),
    )
    .limit(BATCH);

/** Deletes, in batches, what no request can use any more; answers how many rows of each kind went. */
export async function deleteExpiredAccountRows(db: Database, now: Date): Promise<{ sessions: number; tokens: number }> {
  const keptSince = new Date(now.getTime() - TOKEN_KEEP_MS);
  const deleted = { sessions: 0, tokens: 0 };
  // Sessions are the session plugin's rows: it deletes them (docs/server-layout.md, "Tables and their owners").
  deleted.sessions = await deleteExpiredSessions(db, now);
  for (;;) {
    const batch = oldTokensBatch(db, keptSince);
    const rows = await db
      .delete(accountTokens)
      .where(sql`${accountTokens.id} in (${batch})`)
      .returning({ id: accountTokens.id });
    deleted.tokens += rows.length;
    if (rows.length < BATCH) break;
  }
  return deleted;
}
