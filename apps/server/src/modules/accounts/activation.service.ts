// Activation by the mailed link, and sending that link again.
import type { SiteRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { hashToken } from '../../lib/credentials.ts';
import { type AccountTools, type AccountsDeps, type SiteRef } from './account-tools.ts';

export function createActivationService(deps: AccountsDeps, tools: AccountTools) {
  const { repo, sendActivationMail, profileName, loadAccount, useToken, markActivated } = tools;
  return {
    /**
     * The link of the activation mail; answers the activated member (who is then logged in). The link of an
     * account that is active already (opened twice, or activated by a later link) answers 409 `already_activated`
     * and logs nobody in: a used link must not work as a login link. Anything else is `activation_failed`.
     */
    async activate(token: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      return deps.outbox.transaction(async (tx, effects) => {
        const found = await useToken(tx, token, 'activation', site);
        if (!found) {
          const known = await repo.findAnyToken(hashToken(token), 'activation', tx);
          const owner = known && (await repo.findUserById(known.userId, tx));
          if (owner && owner.siteId === site.id && owner.status === 'active')
            throw new AppError(409, 'already_activated');
          throw new AppError(400, 'activation_failed');
        }
        if (found.user.status === 'deleted_pending') throw new AppError(400, 'activation_failed');
        await markActivated(tx, effects, found.user, found.now);
        // The member's other browsers see the account active at their next request.
        await effects.emit('member.changed', { userId: found.user.id });
        return found.user;
      });
    },
    async resendActivation(userId: number, site: SiteRef): Promise<void> {
      const user = await loadAccount(userId);
      if (user.status !== 'not_confirmed') throw new AppError(409, 'already_activated');
      const name = await profileName(user.id);
      await deps.db.transaction((tx) => sendActivationMail(user, name, site, tx));
    },
  };
}
