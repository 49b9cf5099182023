// Mail stopped from outside the site: one-click unsubscribe from a mail's link (RFC 8058; the confirmation page
// changes nothing, the POST switches that type's e-mails off), and the mail provider's bounces, complaints and
// mail-app unsubscribes, which stop all notification mail to the address's accounts.
import type { Executor } from '../../db/client.ts';
import type { NotificationsDisabledReason } from '../../db/schema/index.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { NotificationsRepository, Recipient } from './notifications.repository.ts';
import type { NotificationSettingsService } from './settings.service.ts';
import type { UnsubscribeTokens, UnsubscribeVerdict } from './unsubscribe-tokens.ts';

export type MailEventType = 'bounce' | 'complaint' | 'unsubscribe';

export function createUnsubscribeService(deps: {
  repo: Pick<NotificationsRepository, 'findRecipient'>;
  tokens: Pick<UnsubscribeTokens, 'verify'>;
  settings: Pick<NotificationSettingsService, 'setEmailChoice'>;
  outbox: Pick<Outbox, 'transaction'>;
  /** The account's mail stop reasons (accounts owns `users`), changed in this module's transaction. */
  accounts: {
    addNotificationsDisabled: (
      tx: Executor,
      email: string,
      reason: NotificationsDisabledReason,
      siteId: number | null,
    ) => Promise<number[]>;
  };
}) {
  /** What an unsubscribe link is about (the confirmation page, GET: changes nothing). */
  async function inspectUnsubscribe(token: string): Promise<{ verdict: UnsubscribeVerdict; recipient?: Recipient }> {
    const verdict = deps.tokens.verify(token);
    if (!verdict.ok) return { verdict };
    const recipient = await deps.repo.findRecipient(verdict.claim.userId);
    return recipient ? { verdict, recipient } : { verdict: { ok: false, reason: 'invalid' } };
  }

  return {
    inspectUnsubscribe,

    /** POST from the mail app (RFC 8058) or from the confirmation page: that type's e-mails are switched off. */
    async unsubscribe(token: string): Promise<{ verdict: UnsubscribeVerdict; recipient?: Recipient }> {
      const inspected = await inspectUnsubscribe(token);
      if (inspected.verdict.ok)
        await deps.settings.setEmailChoice(inspected.verdict.claim.userId, inspected.verdict.claim.type, false);
      return inspected;
    },

    /** A provider's report: bounce (invalid address), complaint (marked as spam), unsubscribe in the mail app. */
    async recordMailEvent(input: { type: MailEventType; email: string; siteId: number | null }): Promise<number> {
      const reason: NotificationsDisabledReason =
        input.type === 'bounce' ? 'bounce' : input.type === 'complaint' ? 'spam' : 'unsubscribed';
      return deps.outbox.transaction(async (tx, effects) => {
        const email = input.email.trim().toLowerCase();
        const userIds = await deps.accounts.addNotificationsDisabled(tx, email, reason, input.siteId);
        for (const userId of userIds) await effects.emit('member.changed', { userId });
        return userIds.length;
      });
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
