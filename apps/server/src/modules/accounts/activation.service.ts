// Activation by the mailed link, and sending that link again.
import type { SiteRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { type AccountTools, type AccountsDeps, type SiteRef } from './account-tools.ts';

export function createActivationService(deps: AccountsDeps, tools: AccountTools) {
  const { sendActivationMail, profileName, useToken, markActivated } = tools;
  return {
    /** The link of the activation mail; answers the activated member. Any failure is `activation_failed`. */
    async activate(token: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      return deps.db.transaction(async (tx) => {
        const found = await useToken(tx, token, 'activation', site);
        if (!found || found.user.status === 'deleted_pending') throw new AppError(400, 'activation_failed');
        await markActivated(tx, found.user, found.now);
        return found.user;
      });
    },
    async resendActivation(user: UserRow, site: SiteRef): Promise<void> {
      if (user.status !== 'not_confirmed') throw new AppError(409, 'already_activated');
      const name = await profileName(user.id);
      await deps.db.transaction((tx) => sendActivationMail(user, name, site, tx));
    },
  };
}
