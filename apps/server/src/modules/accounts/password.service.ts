// Password reset by a mailed link, and the profile password change.
import type { SiteRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { hashPassword, hashToken } from '../../lib/credentials.ts';
import {
  type AccountTools,
  type AccountsDeps,
  DAY_MS,
  MINUTE_MS,
  RESET_MAILS_PER_DAY,
  RESET_TOKEN_MINUTES,
  type SiteRef,
  deletedAccountExists,
  fieldError,
  linkInvalid,
} from './account-tools.ts';

export function createPasswordService(deps: AccountsDeps, tools: AccountTools) {
  const { repo, passwords, mailTokenLink, profileName, loadAccount, useToken, markActivated } = tools;
  return {
    /** Mails a reset link (valid RESET_TOKEN_MINUTES, single use); at most RESET_MAILS_PER_DAY per account per 24 h. */
    async requestPasswordReset(site: SiteRef, email: string): Promise<void> {
      const user = await repo.findUserByEmail(site.id, email);
      if (!user) throw fieldError(404, 'reset_email_not_found', [{ path: 'email', code: 'reset_email_not_found' }]);
      if (user.status === 'deleted_pending') throw deletedAccountExists();
      const name = await profileName(user.id);
      await deps.db.transaction(async (tx) => {
        // The row lock makes the daily count exact when requests race.
        await repo.findUserById(user.id, tx, { forUpdate: true });
        const now = deps.now();
        const sent = await repo.countTokensSince(user.id, 'password_reset', new Date(now.getTime() - DAY_MS), tx);
        if (sent >= RESET_MAILS_PER_DAY) throw new AppError(429, 'reset_limit_reached');
        await mailTokenLink(tx, {
          user,
          purpose: 'password_reset',
          expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * MINUTE_MS),
          template: 'passwordReset',
          site,
          name,
          path: '/reset-password/do',
          params: { minutes: RESET_TOKEN_MINUTES },
        });
      });
    },
    /** Whether a reset link still works, without using it (the page checks before showing the form). */
    async checkResetToken(token: string, site: Pick<SiteRow, 'id'>): Promise<void> {
      const row = await repo.findUsableToken(hashToken(token), 'password_reset', deps.now());
      const user = row && (await repo.findUserById(row.userId));
      if (!user || user.siteId !== site.id || user.status === 'deleted_pending') throw linkInvalid();
    },
    /** Sets a new password from a reset link: every session ends, the lockout is lifted, and the mailbox is proven (activates). */
    async resetPassword(token: string, password: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      const passwordHash = await hashPassword(password);
      return deps.outbox.transaction(async (tx, effects) => {
        const found = await useToken(tx, token, 'password_reset', site);
        if (!found || found.user.status === 'deleted_pending') throw linkInvalid();
        await repo.updateUser(
          found.user.id,
          {
            passwordHash,
            passwordChangedAt: found.now,
            failedLoginCount: 0,
            failedLoginWindowStart: null,
            lockedUntil: null,
          },
          tx,
        );
        await markActivated(tx, effects, found.user, found.now);
        await deps.sessions.endAllOfUser(found.user.id, {}, tx);
        await effects.emit('session.revoked', { userId: found.user.id });
        return found.user;
      });
    },
    /** Profile password change: the old password must match; every other session of the member ends. */
    async changePassword(
      userId: number,
      currentSessionId: number,
      oldPassword: string,
      password: string,
    ): Promise<void> {
      const user = await loadAccount(userId);
      if (!(await passwords.verify(user.passwordHash, oldPassword))) {
        throw fieldError(400, 'old_password_wrong', [{ path: 'old_password', code: 'old_password_wrong' }]);
      }
      const passwordHash = await hashPassword(password);
      await deps.outbox.transaction(async (tx, effects) => {
        const now = deps.now();
        await repo.updateUser(user.id, { passwordHash, passwordChangedAt: now }, tx);
        await deps.sessions.endAllOfUser(user.id, { exceptSessionId: currentSessionId }, tx);
        // A reset link asked for earlier would otherwise still undo the new password.
        await repo.useTokens(user.id, 'password_reset', now, tx);
        await effects.emit('session.revoked', { userId: user.id });
      });
    },
  };
}
