// E-mail change confirmed by a link to the new address.
import type { SiteRow } from '../../db/schema/index.ts';
import {
  type AccountTools,
  type AccountsDeps,
  EMAIL_CHANGE_TOKEN_HOURS,
  HOUR_MS,
  type SiteRef,
  accountExists,
  deletedAccountExists,
  fieldError,
  isUniqueViolation,
  linkInvalid,
  mailLanguage,
  validationFailed,
} from './account-tools.ts';

export function createMailChangeService(deps: AccountsDeps, tools: AccountTools) {
  const { repo, passwords, mailTokenLink, profileName, loadAccount, useToken, markActivated } = tools;
  return {
    /** Mails a confirmation link to the new address; the address changes only when it is followed. */
    async requestMailChange(userId: number, site: SiteRef, newEmail: string, password: string): Promise<void> {
      const user = await loadAccount(userId);
      if (!(await passwords.verify(user.passwordHash, password))) {
        throw fieldError(400, 'password_incorrect', [{ path: 'password', code: 'password_incorrect' }]);
      }
      if (newEmail === user.email) throw validationFailed([{ path: 'email', code: 'new_email_invalid' }]);
      const existing = await repo.findUserByEmail(site.id, newEmail);
      if (existing) throw existing.status === 'deleted_pending' ? deletedAccountExists() : accountExists();
      const name = await profileName(user.id);
      await deps.db.transaction(async (tx) => {
        const now = deps.now();
        // Only the newest request counts: an older link for another address stops working.
        await repo.useTokens(user.id, 'email_change', now, tx);
        await mailTokenLink(tx, {
          user,
          purpose: 'email_change',
          newEmail,
          to: newEmail,
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_HOURS * HOUR_MS),
          template: 'emailChange',
          site,
          name,
          path: '/mail-change/do',
          params: { hours: EMAIL_CHANGE_TOKEN_HOURS },
        });
      });
    },
    /** Follows an e-mail change link: the new address is set (and, being proven, activates the account); the old one is told. */
    async confirmMailChange(token: string, site: SiteRef & Pick<SiteRow, 'supportEmail'>): Promise<string> {
      try {
        const changed = await deps.outbox.transaction(async (tx, effects) => {
          const found = await useToken(tx, token, 'email_change', site);
          if (!found || !found.token.newEmail || found.user.status === 'deleted_pending') throw linkInvalid();
          const newEmail = found.token.newEmail;
          const taken = await repo.findUserByEmail(site.id, newEmail, tx);
          if (taken && taken.id !== found.user.id) throw accountExists();
          await repo.updateUser(found.user.id, { email: newEmail }, tx);
          // Reset links mailed to the old address stop working with it.
          await repo.useTokens(found.user.id, 'password_reset', found.now, tx);
          await markActivated(tx, effects, found.user, found.now);
          await deps.mailer.send(
            {
              template: 'emailChanged',
              to: found.user.email,
              language: mailLanguage(found.user.language),
              site,
              name: await profileName(found.user.id, tx),
              params: { email: newEmail, supportEmail: site.supportEmail },
            },
            tx,
          );
          await effects.emit('member.changed', { userId: found.user.id });
          return { userId: found.user.id, newEmail };
        });
        return changed.newEmail;
      } catch (error) {
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      }
    },
  };
}
