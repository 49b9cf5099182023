// Every mail the product sends, in every locale, with fixed inputs, against mail-content.fixture.json: its subject,
// its plain-text part, its HTML's lang, links (href values) and visible text. The HTML markup itself may change; what
// a member reads and follows may not. Regenerate the fixture only for a deliberate content change (docs/notifications.md):
//   UPDATE_MAIL_FIXTURE=1 npx vitest run --project server apps/server/src/plugins/mailer/mail-content.test.ts
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@app/i18n';
import { getTranslator } from '../../lib/i18n.ts';
import { renderMemberMail } from '../../modules/admin/mails.ts';
import { MAIL_TEMPLATE_PARAMS } from '../../test-support/mail-params.ts';
import { MAIL_TEMPLATES, renderMail } from './mail.templates.ts';
import {
  NOTIFICATION_MAIL_KINDS,
  renderNotificationMail,
  type NotificationMailInput,
} from './notification-mail.templates.ts';

const FIXTURE = path.join(import.meta.dirname, 'mail-content.fixture.json');
const UPDATE = process.env.UPDATE_MAIL_FIXTURE === '1';

type Rendered = { subject: string; text: string; html: string };
type Content = { subject: string; text: string; lang: string | null; links: string[]; visibleText: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

/** What a reader gets of a mail: the HTML's text without its head, tags as spaces, whitespace collapsed. */
export function contentOf(mail: Rendered): Content {
  const body = mail.html.replace(/<head[\s>][\s\S]*?<\/head>/i, ' ');
  return {
    subject: mail.subject,
    text: mail.text,
    lang: /<html[^>]*\slang="([^"]*)"/i.exec(mail.html)?.[1] ?? null,
    links: [...body.matchAll(/<a\s[^>]*?href="([^"]*)"/gi)].map((match) => decode(match[1]!)),
    visibleText: decode(body.replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

const SITE = 'Amoria';
const NAME = 'Anna <B> & "Co"';

/** Each notification kind with the inputs its sender gives it (modules/notifications). */
const NOTIFICATION_CASES: Record<string, Omit<NotificationMailInput, 't' | 'language' | 'siteName' | 'name'>> = {};
for (const kind of NOTIFICATION_MAIL_KINDS) {
  const type = kind.startsWith('reminder_') ? 'reminders' : kind === 'match' ? 'like' : kind;
  NOTIFICATION_CASES[kind] = {
    kind,
    type,
    link: `https://amoria.example/${kind}?a=1&b=2`,
    unsubscribeUrl: 'https://amoria.example/api/unsubscribe.php?token=tok.en',
    settingsUrl: 'https://amoria.example/notifications',
    params: { sender: 'Ben', name: 'Cleo', count: 3 },
    ...(kind === 'weekly_updates' ? { weekly: { newMembers: 5, newMemberNames: ['Dirk', 'Eva'], likes: 2 } } : {}),
  };
}
NOTIFICATION_CASES.like_one = { ...NOTIFICATION_CASES.like!, params: { name: 'Cleo', count: 1 } };
NOTIFICATION_CASES.weekly_updates_empty = {
  ...NOTIFICATION_CASES.weekly_updates!,
  weekly: { newMembers: 0, newMemberNames: [], likes: 0 },
};

/** Every mail by name, rendered in a language. */
function mails(): Record<string, (language: (typeof LOCALES)[number]) => Rendered> {
  const all: Record<string, (language: (typeof LOCALES)[number]) => Rendered> = {};
  for (const template of MAIL_TEMPLATES) {
    all[`mail.${template}`] = (language) =>
      renderMail({
        template,
        t: getTranslator(language),
        language,
        siteName: SITE,
        name: NAME,
        link: 'https://amoria.example/x?token=abc&next=%2Fhome',
        params: MAIL_TEMPLATE_PARAMS,
      });
  }
  for (const [name, input] of Object.entries(NOTIFICATION_CASES)) {
    all[`notifications.${name}`] = (language) =>
      renderNotificationMail({ ...input, t: getTranslator(language), language, siteName: SITE, name: NAME });
  }
  const site = { id: 1, name: 'Amoria', mailName: 'Amoria Mail', domain: 'amoria.example' };
  all['moderation.photoRejected'] = (language) =>
    renderMemberMail({ language, name: NAME, site, template: 'photoRejected', params: { reason: 'blurry' } });
  all['moderation.ticketReply'] = (language) =>
    renderMemberMail({
      language,
      name: NAME,
      site,
      template: 'ticketReply',
      params: { subject: 'Late delivery', reference: 'T-7' },
      body: 'Thanks <b>for</b> writing.\nSee https://amoria.example/help & more.',
    });
  return all;
}

describe('mail content (mail-content.fixture.json)', () => {
  const actual: Record<string, Record<string, Content>> = {};
  for (const [name, render] of Object.entries(mails())) {
    actual[name] = {};
    for (const language of LOCALES) actual[name][language] = contentOf(render(language));
  }

  if (UPDATE) {
    it('writes the fixture', async () => {
      const prettier = await import('prettier');
      const options = await prettier.resolveConfig(FIXTURE);
      fs.writeFileSync(FIXTURE, await prettier.format(JSON.stringify(actual), { ...options, parser: 'json' }));
    });
    return;
  }

  const expected = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as typeof actual;
  it('covers the same mails and locales as the fixture', () => {
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const name of Object.keys(actual)) expect(Object.keys(actual[name]!).sort()).toEqual([...LOCALES].sort());
  });
  it.each(Object.keys(expected))('%s keeps its subject, text, links and visible text in every locale', (name) => {
    for (const language of LOCALES)
      expect(actual[name]?.[language], `${name} ${language}`).toEqual(expected[name]![language]);
  });
});
