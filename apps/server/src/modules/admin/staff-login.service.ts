// The staff login as a use case: the one-step check (staff-accounts.ts), the session started by the caller, and the
// audit entry of every attempt (a failure names whoever typed the address; the answer is always staff_login_failed).
import type { Executor } from '../../db/client.ts';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { recordAudit } from './audit.repository.ts';
import { staffLoginFailed, type StaffAccounts } from './staff-accounts.ts';

export function createStaffLoginService(deps: { db: Executor; staff: Pick<StaffAccounts, 'login'> }) {
  return {
    /** Checks the login; on success starts the session (`startSession`), then records the login. */
    async login(
      input: { email: string; password: string; code: string; ip: string },
      startSession: (staffId: number) => Promise<void>,
    ): Promise<StaffAccountRow> {
      const { email, ip } = input;
      const result = await deps.staff.login(email, input.password, input.code);
      if ('failure' in result) {
        // The actor is unknown (whoever typed the address); the target is the account named, if any.
        await recordAudit(
          deps.db,
          { id: null, email, ip },
          {
            action: 'staff.login_failed',
            targetType: 'staff',
            targetId: result.account?.id ?? null,
            after: { why: result.failure },
          },
        );
        throw staffLoginFailed();
      }
      const { account } = result;
      await startSession(account.id);
      await recordAudit(
        deps.db,
        { id: account.id, email: account.email, ip },
        { action: 'staff.login', targetType: 'staff', targetId: account.id },
      );
      return account;
    },
  };
}
export type StaffLoginService = ReturnType<typeof createStaffLoginService>;
