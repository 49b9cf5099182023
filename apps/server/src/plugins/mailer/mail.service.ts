// The one mailer: renders a template in the member's language and hands it to the transport (SMTP via a job, or the dev mailbox).
import { siteBaseUrl } from '../../lib/site-origin.ts';
import type { UiLanguage } from '@app/i18n';
import type { Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { renderMail, type MailTemplate } from './mail.templates.ts';

export type OutgoingMail = {
  siteId: number | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
};
/** Delivers (or durably queues) a mail; `tx` makes it part of the caller's transaction. */
export type MailTransport = (mail: OutgoingMail, tx?: Executor) => Promise<void>;

export type SendMailInput = {
  template: MailTemplate;
  to: string;
  language: UiLanguage;
  site: Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain' | 'isDefault'>;
  name: string;
  link?: string;
  params?: Record<string, string | number>;
};

export { siteBaseUrl };

/** Pulls every http(s) link out of a mail's text (the dev mailbox shows them, tests follow them). */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

/** A mail rendered by its sender (the notification mails, plugins/mailer/notification-mail.templates.ts). */
export type SendRenderedInput = {
  template: string;
  to: string;
  site: Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain'>;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export function createMailer(deps: { transport: MailTransport; publicUrl: string; mailFrom?: string }) {
  const senderOf = (site: Pick<SiteRow, 'name' | 'mailName' | 'domain'>) => {
    const siteName = site.mailName || site.name;
    const address = deps.mailFrom ?? `noreply@${site.domain}`;
    return address.includes('<') ? address : `"${siteName.replaceAll('"', '')}" <${address}>`;
  };
  return {
    /** The absolute URL of a path on the site the mail is about. */
    linkTo(site: Pick<SiteRow, 'domain' | 'isDefault'>, path: string): string {
      return `${siteBaseUrl(site, deps.publicUrl)}${path}`;
    },
    async send(input: SendMailInput, tx?: Executor): Promise<void> {
      const siteName = input.site.mailName || input.site.name;
      const rendered = renderMail({
        template: input.template,
        t: getTranslator(input.language),
        language: input.language,
        siteName,
        name: input.name,
        link: input.link,
        params: input.params,
      });
      await deps.transport(
        { siteId: input.site.id, from: senderOf(input.site), to: input.to, template: input.template, ...rendered },
        tx,
      );
    },
    /** Sends a mail its caller rendered, with its extra headers. */
    async sendRendered(input: SendRenderedInput, tx?: Executor): Promise<void> {
      const { site, ...mail } = input;
      await deps.transport({ siteId: site.id, from: senderOf(site), ...mail }, tx);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
