// Server-side login sessions: create (new token at every login) and end them; member-view.ts resolves a cookie's token.
// Expired rows are deleted by the hourly cleanup job (expired-sessions.ts, run by modules/accounts/expired-cleanup.ts).
import { and, eq, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sessions, type SessionRow } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../../lib/credentials.ts';

/** SPEC section 9: the auth cookie lives 30 days. */
export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** A session seen again after this long is extended to a full 30 days (and the cookie re-sent). */
export const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function createSessionsService(deps: { db: Database; now: () => Date }) {
  return {
    async create(
      userId: number,
      meta: { ip?: string; userAgent?: string },
      tx: Executor = deps.db,
    ): Promise<{ token: string; session: SessionRow }> {
      const { token, tokenHash } = createToken();
      const now = deps.now();
      const [session] = await tx
        .insert(sessions)
        .values({
          userId,
          tokenHash,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_MS),
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 500) ?? null,
        })
        .returning();
      if (!session) throw new Error('session insert returned nothing');
      return { token, session };
    },

    /** Ends the session of a token; answers its member's id, if there was one. */
    async endByToken(token: string, tx: Executor = deps.db): Promise<number | undefined> {
      const [ended] = await tx
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ userId: sessions.userId });
      return ended?.userId;
    },

    async end(sessionId: number, tx: Executor = deps.db): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of a member, except `exceptSessionId` (the one changing the password keeps going). */
    async endAllOfUser(
      userId: number,
      options: { exceptSessionId?: number } = {},
      tx: Executor = deps.db,
    ): Promise<void> {
      const condition = options.exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.exceptSessionId))
        : eq(sessions.userId, userId);
      await tx.delete(sessions).where(condition);
    },

    async countOfUser(userId: number): Promise<number> {
      const rows = await deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      return rows.length;
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
