// Password login with lockout; an unknown e-mail costs what a wrong password costs.
import { eq } from 'drizzle-orm';
import { memberRestrictions, type SiteRow, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { isRestrictionActive } from '../../lib/member-restrictions.ts';
import {
  type AccountTools,
  type AccountsDeps,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  NO_USER_ID,
  accountLocked,
  loginFailed,
} from './account-tools.ts';

export function createLoginService(deps: AccountsDeps, tools: AccountTools) {
  const { repo, passwords } = tools;
  return {
    /**
     * Password login. Unknown e-mail and wrong password answer the same; LOGIN_MAX_FAILURES wrong
     * passwords within LOGIN_WINDOW_MS lock the account for LOGIN_LOCK_MS, right password or not.
     */
    async login(
      site: Pick<SiteRow, 'id'>,
      email: string,
      password: string,
      options: {
        /** Counts a failed login for an address without an account; answers how long that address now counts as locked (ms, 0 = not). */
        recordUnknownEmailFailure?: () => Promise<number>;
      } = {},
    ): Promise<UserRow> {
      const user = await repo.findUserByEmail(site.id, email);
      const now = deps.now();
      if (!user) {
        // The work of a wrong password for an account, so the time taken tells nothing: one Argon2id verification
        // and one failure update (by a primary key no row has).
        await passwords.verifyDummy(password);
        await repo.recordLoginFailure(NO_USER_ID, now, new Date(now.getTime() - LOGIN_WINDOW_MS));
        // An address without an account locks like an account does, so the lockout does not tell which addresses exist.
        const lockedForMs = (await options.recordUnknownEmailFailure?.()) ?? 0;
        if (lockedForMs > 0) throw accountLocked(new Date(now.getTime() + lockedForMs), now);
        throw loginFailed();
      }
      // Checked even while locked, so a locked account answers as slowly as an unknown address.
      const isPasswordRight = await passwords.verify(user.passwordHash, password);
      if (user.lockedUntil && user.lockedUntil > now) throw accountLocked(user.lockedUntil, now);
      if (!isPasswordRight) {
        const failures = await repo.recordLoginFailure(user.id, now, new Date(now.getTime() - LOGIN_WINDOW_MS));
        if (failures >= LOGIN_MAX_FAILURES) {
          const until = new Date(now.getTime() + LOGIN_LOCK_MS);
          await repo.updateUser(user.id, { lockedUntil: until, failedLoginCount: 0, failedLoginWindowStart: null });
          throw accountLocked(until, now);
        }
        throw loginFailed();
      }
      if (user.status === 'deleted_pending') throw new AppError(403, 'deleted_account_exists');
      // A banned or suspended member (staff console, docs/staff-console.md) is refused with the category only.
      const [restriction] = await deps.db
        .select()
        .from(memberRestrictions)
        .where(eq(memberRestrictions.userId, user.id));
      if (restriction && isRestrictionActive(restriction, now)) {
        throw new AppError(
          403,
          'account_banned',
          restriction.until
            ? { reason: restriction.reason, until: restriction.until.toISOString() }
            : { reason: restriction.reason },
        );
      }
      if (user.failedLoginCount > 0 || user.lockedUntil) {
        await repo.updateUser(user.id, { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null });
      }
      return user;
    },
  };
}
