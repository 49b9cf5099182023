// One notification mail: rendered in the member's language for their site, with the one-click unsubscribe link and
// its headers (RFC 8058), handed to the mailer (in the caller's transaction when given).
import type { NotificationType } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { renderNotificationMail, type Mailer, type NotificationMailKind } from '../../plugins/mailer/index.ts';
import { languageOf } from './preferences.ts';
import type { Recipient } from './recipients.repository.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export type NotificationMailInput = {
  kind: NotificationMailKind;
  type: NotificationType;
  path: string;
  params?: { sender?: string; name?: string; count?: number };
  weekly?: { newMembers: number; newMemberNames: string[]; likes: number };
};

export function createNotificationMail(deps: {
  mailer: Pick<Mailer, 'sendRendered' | 'linkTo'>;
  tokens: Pick<UnsubscribeTokens, 'create'>;
}) {
  return {
    async send(recipient: Recipient, mail: NotificationMailInput, tx?: Executor): Promise<void> {
      const language = languageOf(recipient);
      const site = recipient.site;
      const unsubscribeUrl = deps.mailer.linkTo(
        site,
        `/api/unsubscribe.php?token=${deps.tokens.create({ userId: recipient.userId, type: mail.type })}`,
      );
      const rendered = renderNotificationMail({
        kind: mail.kind,
        t: getTranslator(language),
        language,
        siteName: site.mailName || site.name,
        name: recipient.name,
        type: mail.type,
        link: deps.mailer.linkTo(site, mail.path),
        unsubscribeUrl,
        settingsUrl: deps.mailer.linkTo(site, '/notifications'),
        params: mail.params,
        weekly: mail.weekly,
      });
      await deps.mailer.sendRendered(
        {
          template: `notifications.${mail.kind}`,
          to: recipient.email,
          site,
          ...rendered,
          // RFC 8058: mail apps offer their own unsubscribe button and POST to the link, no login needed.
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
        tx,
      );
    },
  };
}
export type NotificationMail = ReturnType<typeof createNotificationMail>;
