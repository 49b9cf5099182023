// Mails staff decisions send to members, in the member's language, from the `moderation` namespace (and the
// `mail` namespace's layout lines) in the layout every mail shares, through the mailer (a durable job when SMTP is configured).
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import type { Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { renderMailContent, type Mailer } from '../../plugins/mailer/index.ts';

export type MemberMail = {
  to: string;
  language: string;
  name: string;
  site: Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain'>;
  template: 'photoRejected' | 'ticketReply' | 'riskWarning';
  params?: Record<string, string | number>;
  /** Staff's own words (a ticket reply), quoted as written. */
  body?: string;
};

export function renderMemberMail(mail: Omit<MemberMail, 'to'>) {
  const language: UiLanguage = isUiLanguage(mail.language) ? mail.language : 'en';
  const t = getTranslator(language);
  const vars = { site: mail.site.mailName || mail.site.name, name: mail.name, ...mail.params };
  const rendered = renderMailContent({
    language,
    subject: t(`moderation:${mail.template}.subject`, vars),
    siteName: vars.site,
    greeting: t('mail:layout.greeting', vars),
    paragraphs: [t(`moderation:${mail.template}.intro`, vars), ...(mail.body ? [mail.body] : [])],
    closing: [t(`moderation:${mail.template}.outro`, vars)],
    signature: t('mail:layout.signature', vars),
    footer: t('mail:layout.footer', vars),
  });
  return { ...rendered, language };
}

export async function sendMemberMail(
  mailer: Pick<Mailer, 'sendRendered'>,
  mail: MemberMail,
  tx?: Executor,
): Promise<void> {
  const rendered = renderMemberMail(mail);
  await mailer.sendRendered(
    {
      template: `moderation.${mail.template}`,
      to: mail.to,
      site: mail.site,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    },
    tx,
  );
}
