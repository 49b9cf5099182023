// The account mails (subject, HTML and text) from the `mail` i18n namespace, in the shared layout (mail-layout.ts).
import type { TFunction } from 'i18next';
import { renderMailContent, type MailContent, type RenderedMail } from './mail-layout.ts';

/**
 * `complaintReceivedVisitor` / `contactReceivedVisitor`: the confirmation to an address nobody verified (a visitor's,
 * or an unconfirmed member's): it quotes nothing the writer typed, so the form cannot make the site mail a stranger
 * the writer's words or links (docs/content.md).
 */
export const MAIL_TEMPLATES = [
  'activation',
  'passwordReset',
  'emailChange',
  'emailChanged',
  'accountDeleted',
  'receipt',
  'complaintReceived',
  'contactReceived',
  'complaintReceivedVisitor',
  'contactReceivedVisitor',
  'dataExportReady',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export type RenderInput = {
  template: MailTemplate;
  t: TFunction;
  /** The member's language, for the HTML lang attribute (mail clients pick fonts and hyphenation by it). */
  language: string;
  siteName: string;
  /** The member's name in the greeting. */
  name: string;
  /** The call-to-action link; templates without a button ignore it. */
  link?: string;
  params?: Record<string, string | number>;
};
export type { RenderedMail };

/** An account mail's content: the template's lines in the layout every mail shares. */
export function accountMailContent(input: RenderInput): MailContent {
  const { t, template } = input;
  const vars = { site: input.siteName, name: input.name, ...input.params };
  const line = (key: string) => t(`mail:${key}`, vars);
  const optional = (key: string) => t(`mail:${template}.${key}`, { ...vars, defaultValue: '' });
  const buttonLabel = optional('button');
  return {
    language: input.language,
    subject: line(`${template}.subject`),
    siteName: input.siteName,
    // A template may greet without a name (one to an unverified address must not carry the name the writer typed).
    greeting: optional('greeting') || line('layout.greeting'),
    paragraphs: [line(`${template}.intro`)],
    button:
      input.link && buttonLabel
        ? { label: buttonLabel, href: input.link, fallback: line('layout.buttonFallback') }
        : undefined,
    closing: [line(`${template}.outro`)],
    signature: line('layout.signature'),
    // A template may say why this mail came in its own words (a visitor's contact form has no account to name).
    footer: optional('footer') || line('layout.footer'),
  };
}

export function renderMail(input: RenderInput): RenderedMail {
  return renderMailContent(accountMailContent(input));
}
