// Staff accounts: creation (with the TOTP secret and its otpauth:// URI for enrollment) and the one-step login
// (password and the authenticator's code together; a code is accepted once: replays are refused).
import { generateSecret, generateURI, verify } from 'otplib';
import { STAFF_TOTP_DIGITS, STAFF_TOTP_PERIOD_SECONDS, type StaffRole } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/credentials.ts';
import { AppError } from '../../lib/http-errors.ts';
import { endStaffSessionsOf } from '../../plugins/staff-session/index.ts';
import { findStaffByEmail, insertStaffAccount, setStaffDisabledAt, takeTotpStep } from './staff-accounts.repository.ts';

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Staff console';
/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const TOTP_TOLERANCE_SECONDS = STAFF_TOTP_PERIOD_SECONDS;

export const staffLoginFailed = () => new AppError(401, 'staff_login_failed');

export function totpUri(email: string, secret: string): string {
  return generateURI({
    issuer: TOTP_ISSUER,
    label: email,
    secret,
    digits: STAFF_TOTP_DIGITS,
    period: STAFF_TOTP_PERIOD_SECONDS,
  });
}

/** Why a login failed, for the audit log (the caller always answers the same `staff_login_failed`). */
export type LoginFailure = 'unknown_email' | 'wrong_password' | 'disabled' | 'wrong_code' | 'replayed_code';

export function createStaffAccounts(deps: { db: Database; now: () => Date }) {
  return {
    async create(
      input: { email: string; name: string; role: StaffRole; password: string; totpSecret?: string },
      tx: Executor = deps.db,
    ) {
      const email = input.email.trim().toLowerCase();
      const secret = input.totpSecret ?? generateSecret();
      const account = await insertStaffAccount(tx, {
        email,
        name: input.name,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        totpSecret: secret,
      });
      return { account, secret, uri: totpUri(email, secret) };
    },

    /** Disables an account (never deleted: the audit log names it) and ends its sessions at once. */
    async disable(staffId: number, tx: Executor = deps.db): Promise<void> {
      await setStaffDisabledAt(tx, staffId, deps.now());
      await endStaffSessionsOf(tx, staffId);
    },

    async findByEmail(email: string): Promise<StaffAccountRow | undefined> {
      return findStaffByEmail(deps.db, email.trim().toLowerCase());
    },

    /**
     * Checks e-mail, password and code. Answers the account, or the failure (and the account when one was named).
     * An unknown address costs one Argon2id verification like a wrong password (no timing oracle).
     */
    async login(
      email: string,
      password: string,
      code: string,
    ): Promise<{ account: StaffAccountRow } | { failure: LoginFailure; account?: StaffAccountRow }> {
      const account = await this.findByEmail(email);
      if (!account) {
        await verifyAgainstDummy(password);
        return { failure: 'unknown_email' };
      }
      if (!(await verifyPassword(account.passwordHash, password))) return { failure: 'wrong_password', account };
      if (account.disabledAt) return { failure: 'disabled', account };
      const epoch = Math.floor(deps.now().getTime() / 1000);
      const result = await verify({
        secret: account.totpSecret,
        token: code,
        epoch,
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        digits: STAFF_TOTP_DIGITS,
        period: STAFF_TOTP_PERIOD_SECONDS,
      });
      if (!result.valid || !('timeStep' in result)) return { failure: 'wrong_code', account };
      // The step is taken atomically: of two logins with one code, exactly one wins; an older step never comes back.
      if (!(await takeTotpStep(deps.db, account.id, result.timeStep))) return { failure: 'replayed_code', account };
      return { account };
    },
  };
}
export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
