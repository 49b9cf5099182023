// Account deletion, reactivation within REACTIVATION_DAYS, and the purge after.
import { REACTIVATION_DAYS, type DeleteAccountRequest } from '@app/contracts';
import type { SiteRow, UserRow } from '../../db/schema/index.ts';
import { DELETE_FILES_JOB } from '../../plugins/storage/index.ts';
import {
  type AccountTools,
  type AccountsDeps,
  PURGE_JOB,
  REACTIVATION_MS,
  type SiteRef,
  fieldError,
  linkInvalid,
  purgeJobKey,
} from './account-tools.ts';

/** Deleting an account: pending deletion, with a reactivation link and the purge scheduled. */
function createAccountDeletion(deps: AccountsDeps, tools: AccountTools) {
  const { repo, passwords, mailTokenLink, profileName, loadAccount } = tools;
  return {
    /**
     * Pending deletion: sessions end, a reactivation link (REACTIVATION_DAYS) is mailed and the purge
     * is scheduled as a job for when that link expires.
     */
    async deleteAccount(userId: number, site: SiteRef, request: DeleteAccountRequest): Promise<Date> {
      const user = await loadAccount(userId);
      // Re-authentication: a session left open on a shared computer must not be enough to delete the account.
      if (!(await passwords.verify(user.passwordHash, request.password))) {
        throw fieldError(400, 'password_incorrect', [{ path: 'password', code: 'password_incorrect' }]);
      }
      const name = await profileName(user.id);
      return deps.outbox.transaction(async (tx, effects) => {
        const now = deps.now();
        const until = new Date(now.getTime() + REACTIVATION_MS);
        await repo.updateUser(
          user.id,
          {
            status: 'deleted_pending',
            deletedAt: now,
            deleteReason: request.reason,
            deleteRemarks: request.remarks || null,
          },
          tx,
        );
        await deps.sessions.endAllOfUser(user.id, {}, tx);
        await effects.emit('session.revoked', { userId: user.id });
        await effects.emit('member.shown', { userId: user.id });
        await mailTokenLink(tx, {
          user,
          purpose: 'reactivation',
          expiresAt: until,
          template: 'accountDeleted',
          site,
          name,
          path: '/account-deleted',
          params: { days: REACTIVATION_DAYS, date: until.toISOString().slice(0, 10) },
        });
        await deps.jobs.enqueue(PURGE_JOB, { userId: user.id }, { runAt: until, uniqueKey: purgeJobKey(user.id), tx });
        return until;
      });
    },
  };
}

/** After deletion: reactivation within REACTIVATION_DAYS, and the purge after. */
function createAccountPurge(deps: AccountsDeps, tools: Pick<AccountTools, 'repo' | 'useToken'>) {
  const { repo, useToken } = tools;
  return {
    /** The reactivation link: back to the status before deletion, purge cancelled. */
    async reactivate(token: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      return deps.outbox.transaction(async (tx, effects) => {
        const found = await useToken(tx, token, 'reactivation', site);
        const { user } = found ?? {};
        if (
          !found ||
          !user ||
          user.status !== 'deleted_pending' ||
          !user.deletedAt ||
          found.now.getTime() - user.deletedAt.getTime() >= REACTIVATION_MS
        ) {
          throw linkInvalid();
        }
        const restored = await repo.updateUser(
          user.id,
          {
            status: user.activatedAt ? 'active' : 'not_confirmed',
            deletedAt: null,
            deleteReason: null,
            deleteRemarks: null,
          },
          tx,
        );
        await deps.jobs.cancel(PURGE_JOB, purgeJobKey(user.id), tx);
        await effects.emit('member.changed', { userId: user.id });
        await effects.emit('member.shown', { userId: user.id });
        return restored ?? user;
      });
    },
    /**
     * The purge job: removes an account still pending deletion REACTIVATION_DAYS after it was deleted.
     * Answers whether it deleted; a reactivated (or already purged) account is left alone.
     */
    async purgeAccount(userId: number, now: Date): Promise<boolean> {
      return deps.outbox.transaction(async (tx, effects) => {
        const user = await repo.findUserById(userId, tx, { forUpdate: true });
        if (!user || user.status !== 'deleted_pending' || !user.deletedAt) return false;
        if (now.getTime() - user.deletedAt.getTime() < REACTIVATION_MS) return false;
        const fileKeys = await repo.findPhotoFileKeys(user.id, tx);
        await deps.onPurged?.(user.id, tx);
        await repo.deleteUser(user.id, tx);
        await effects.emit('session.revoked', { userId });
        // The files go once the rows are gone for good, retried until they are (docs/storage.md).
        if (fileKeys.length) await deps.jobs.enqueue(DELETE_FILES_JOB, { keys: fileKeys }, { tx });
        return true;
      });
    },
  };
}

export function createDeletionService(deps: AccountsDeps, tools: AccountTools) {
  return { ...createAccountDeletion(deps, tools), ...createAccountPurge(deps, tools) };
}
