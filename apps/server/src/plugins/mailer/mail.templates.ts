// Renders the localized mails (subject, HTML and text) from the `mail` i18n namespace.
import type { TFunction } from 'i18next';

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
export type RenderedMail = { subject: string; text: string; html: string };

import { escapeHtml } from '../../lib/html.ts';

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

export function renderMail(input: RenderInput): RenderedMail {
  const { t, template } = input;
  const vars = { site: input.siteName, name: input.name, ...input.params };
  const line = (key: string) => t(`mail:${key}`, vars);
  const subject = line(`${template}.subject`);
  const hasButton = Boolean(input.link) && t(`mail:${template}.button`, { ...vars, defaultValue: '' }) !== '';
  // A template may greet without a name (one to an unverified address must not carry the name the writer typed).
  const greeting = t(`mail:${template}.greeting`, { ...vars, defaultValue: '' }) || line('layout.greeting');
  const intro = line(`${template}.intro`);
  const outro = line(`${template}.outro`);
  const signature = line('layout.signature');
  // A template may say why this mail came in its own words (a visitor's contact form has no account to name).
  const footer = t(`mail:${template}.footer`, { ...vars, defaultValue: '' }) || line('layout.footer');

  const text = [
    greeting,
    intro,
    ...(hasButton ? [`${line(`${template}.button`)}: ${input.link}`] : []),
    outro,
    signature,
    '--',
    footer,
  ].join('\n\n');

  const button = hasButton
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.link!)}" style="background:#ff6f61;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(line(`${template}.button`))}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#666">${escapeHtml(line('layout.buttonFallback'))}<br><a href="${escapeHtml(input.link!)}">${escapeHtml(input.link!)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3f2;font-family:Arial,Helvetica,sans-serif;color:#3b2a26">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.siteName)}</h1>
${paragraph(greeting)}${paragraph(intro)}${button}${paragraph(outro)}${paragraph(signature)}
<p style="margin:24px 0 0;font-size:12px;color:#888">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}
