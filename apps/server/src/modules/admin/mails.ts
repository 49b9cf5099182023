// Mails staff decisions send to members, in the member's language, from the `moderation` namespace (and the
// `mail` namespace's layout lines), through the mailer (a durable job when SMTP is configured).
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import type { Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';

export type MemberMail = {
  to: string;
  language: string;
  name: string;
  site: Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain'>;
  template: 'photoRejected' | 'ticketReply';
  params?: Record<string, string | number>;
  /** Staff's own words (a ticket reply), quoted as written. */
  body?: string;
};

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

export function renderMemberMail(mail: Omit<MemberMail, 'to'>) {
  const language: UiLanguage = isUiLanguage(mail.language) ? mail.language : 'en';
  const t = getTranslator(language);
  const vars = { site: mail.site.mailName || mail.site.name, name: mail.name, ...mail.params };
  const subject = t(`moderation:${mail.template}.subject`, vars);
  const lines = [
    t('mail:layout.greeting', vars),
    t(`moderation:${mail.template}.intro`, vars),
    ...(mail.body ? [mail.body] : []),
    t(`moderation:${mail.template}.outro`, vars),
    t('mail:layout.signature', vars),
  ];
  const footer = t('mail:layout.footer', vars);
  const text = [...lines, '--', footer].join('\n\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3f2;font-family:Arial,Helvetica,sans-serif;color:#3b2a26">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(vars.site)}</h1>
${lines.map(paragraph).join('')}
<p style="margin:24px 0 0;font-size:12px;color:#888">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject, text, html, language };
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
