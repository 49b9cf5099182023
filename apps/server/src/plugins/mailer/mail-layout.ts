// The one layout of every mail, as React components rendered to static HTML on the server (docs/notifications.md,
// "Mails"), and the plain-text part from the same content. Written with createElement, not JSX: the server runs its
// .ts files as Node strips their types, which leaves JSX untransformed. React escapes every text and attribute; no
// component here sets raw HTML.
import { createElement as h, Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The mails' design tokens (the web app's brand coral on a warm grey). */
export const MAIL_TOKENS = {
  font: 'Arial,Helvetica,sans-serif',
  page: '#f6f3f2',
  card: '#fff',
  ink: '#3b2a26',
  brand: '#ff6f61',
  onBrand: '#fff',
  muted: '#666',
  faint: '#888',
} as const;

const STYLES = {
  body: {
    margin: 0,
    padding: '24px',
    background: MAIL_TOKENS.page,
    fontFamily: MAIL_TOKENS.font,
    color: MAIL_TOKENS.ink,
  },
  card: { maxWidth: '560px', margin: '0 auto', background: MAIL_TOKENS.card, borderRadius: '8px', padding: '24px' },
  brand: { fontSize: '20px', margin: '0 0 16px' },
  paragraph: { margin: '0 0 16px' },
  buttonRow: { margin: '24px 0' },
  button: {
    background: MAIL_TOKENS.brand,
    color: MAIL_TOKENS.onBrand,
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  fallback: { margin: '0 0 16px', fontSize: '13px', color: MAIL_TOKENS.muted },
  footer: { margin: '24px 0 0', fontSize: '12px', color: MAIL_TOKENS.faint },
  footerLink: { color: MAIL_TOKENS.faint },
} satisfies Record<string, CSSProperties>;

export type MailLink = { label: string; href: string };

/** What a mail says, in order; the HTML and the plain-text part are both rendered from it. */
export type MailContent = {
  /** The member's language, for the lang attribute (mail clients pick fonts and hyphenation by it). */
  language: string;
  subject: string;
  /** The brand in the header. */
  siteName: string;
  greeting: string;
  /** The paragraphs before the button (or all of them, without one). */
  paragraphs: readonly string[];
  /** The call to action; `fallback` introduces the link written out for when the button does not work. */
  button?: MailLink & { fallback?: string };
  /** The paragraphs after the button. */
  closing?: readonly string[];
  signature: string;
  /** Why the mail came. */
  footer: string;
  /** Links under the footer (unsubscribe, settings). */
  footerLinks?: readonly MailLink[];
};

/** Text with its line breaks kept. */
function Lines({ text }: { text: string }): ReactNode {
  return text.split('\n').map((line, index) => h(Fragment, { key: index }, index > 0 && h('br'), line));
}

export function Paragraph({ text }: { text: string }): ReactNode {
  return h('p', { style: STYLES.paragraph }, h(Lines, { text }));
}

/** The call to action, and its link written out for clients that do not show the button. */
export function Button({ label, href, fallback }: NonNullable<MailContent['button']>): ReactNode {
  return h(
    Fragment,
    null,
    h('p', { style: STYLES.buttonRow }, h('a', { href, style: STYLES.button }, label)),
    fallback && h('p', { style: STYLES.fallback }, fallback, h('br'), h('a', { href }, href)),
  );
}

export function Footer({ text, links = [] }: { text: string; links?: readonly MailLink[] }): ReactNode {
  return h(
    'p',
    { style: STYLES.footer },
    text,
    links.length > 0 && h('br'),
    links.map((link, index) =>
      h(
        Fragment,
        { key: index },
        index > 0 && ' · ',
        h('a', { href: link.href, style: STYLES.footerLink }, link.label),
      ),
    ),
  );
}

/** The whole mail: brand header, greeting, paragraphs, button with its fallback link, signature, footer. */
export function MailLayout(mail: MailContent): ReactNode {
  const paragraphs = (texts: readonly string[] = []) => texts.map((text, index) => h(Paragraph, { key: index, text }));
  return h(
    'html',
    { lang: mail.language },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width' }),
      h('title', null, mail.subject),
    ),
    h(
      'body',
      { style: STYLES.body },
      h(
        'div',
        { style: STYLES.card },
        h('h1', { style: STYLES.brand }, mail.siteName),
        h(Paragraph, { text: mail.greeting }),
        paragraphs(mail.paragraphs),
        mail.button && h(Button, mail.button),
        paragraphs(mail.closing),
        h(Paragraph, { text: mail.signature }),
        h(Footer, { text: mail.footer, links: mail.footerLinks }),
      ),
    ),
  );
}

/** The plain-text part: the same content, one paragraph per block, the button and links as "label: URL". */
export function mailText(mail: MailContent): string {
  const link = ({ label, href }: MailLink) => `${label}: ${href}`;
  return [
    mail.greeting,
    ...mail.paragraphs,
    ...(mail.button ? [link(mail.button)] : []),
    ...(mail.closing ?? []),
    mail.signature,
    '--',
    mail.footer,
    ...(mail.footerLinks ?? []).map(link),
  ].join('\n\n');
}

export type RenderedMail = { subject: string; text: string; html: string };

/** A mail's subject, plain-text part and HTML. */
export function renderMailContent(mail: MailContent): RenderedMail {
  return {
    subject: mail.subject,
    text: mailText(mail),
    html: `<!doctype html>\n${renderToStaticMarkup(h(MailLayout, mail))}`,
  };
}
