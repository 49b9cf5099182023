// Expired login sessions deleted in batches (the session plugin owns `sessions`); the hourly cleanup job of accounts
// (modules/accounts/expired-cleanup.ts) calls it beside its own expired tokens.
import { lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

const BATCH = 1000;

/** The next batch of expired sessions (on `sessions_expires_idx`). */
export const expiredSessionsBatch = (db: Executor, now: Date) =>
  db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, now)).limit(BATCH);

/** Deletes, in batches, the sessions expired before `now`; answers how many went. */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = expiredSessionsBatch(db, now);
    const rows = await db
      .delete(sessions)
      .where(sql`${sessions.id} in (${batch})`)
      .returning({ id: sessions.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
