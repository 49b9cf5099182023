import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@app/i18n';
import { getTranslator } from '../../lib/i18n.ts';
import { MAIL_SEND_JOB } from './mailer.plugin.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { queuedJobs } from '../../test-support/jobs.ts';
import { signUp } from '../../test-support/accounts.ts';
import { MAIL_TEMPLATE_PARAMS } from '../../test-support/mail-params.ts';
import { MAIL_TEMPLATES, renderMail } from './mail.templates.ts';
import { createMailer, extractLinks, siteBaseUrl, type OutgoingMail } from './mail.service.ts';

const site = { id: 1, name: 'Amoria', mailName: 'Amoria Mail', domain: 'amoria.example', isDefault: false };

describe('mail rendering', () => {
  it('renders every template in every locale as HTML and text, with no placeholder left over', () => {
    for (const language of LOCALES) {
      for (const template of MAIL_TEMPLATES) {
        const mail = renderMail({
          template,
          t: getTranslator(language),
          language,
          siteName: 'Amoria',
          name: 'Anna',
          link: 'https://amoria.example/x?token=abc',
          params: MAIL_TEMPLATE_PARAMS,
        });
        expect(mail.subject, `${language} ${template}`).not.toBe('');
        expect(`${mail.subject}${mail.text}${mail.html}`, `${language} ${template}`).not.toMatch(
          /{{|(?<![\w-])mail:\w/,
        ); // an untranslated key would read "mail:activation.subject"
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain(`<html lang="${language}">`);
        // Templates without a button: the notice of a changed address and the ticket confirmations.
        if (
          ![
            'emailChanged',
            'complaintReceived',
            'contactReceived',
            'complaintReceivedVisitor',
            'contactReceivedVisitor',
          ].includes(template)
        ) {
          expect(mail.text).toContain('https://amoria.example/x?token=abc');
        }
        // The confirmations to an unverified address quote nothing the writer typed: neither name nor subject.
        if (template.endsWith('Visitor'))
          expect(`${mail.subject}${mail.text}${mail.html}`, `${language} ${template}`).not.toMatch(
            /Anna|Late delivery/,
          );
      }
    }
  });

  it('escapes HTML in names and links', () => {
    const mail = renderMail({
      template: 'activation',
      t: getTranslator('en'),
      language: 'en',
      siteName: 'A&B',
      name: '<script>x</script>',
      link: 'https://e.example/?a="b"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://e.example/?a=&quot;b&quot;"');
    expect(mail.text).toContain('Hi <script>x</script>,');
  });

  it('builds links on the default site from PUBLIC_URL and on other sites from their domain', () => {
    expect(siteBaseUrl({ domain: 'localhost', isDefault: true }, 'http://localhost:3000')).toBe(
      'http://localhost:3000',
    );
    expect(siteBaseUrl({ domain: 'amoria.example', isDefault: false }, 'https://main.example')).toBe(
      'https://amoria.example',
    );
    expect(extractLinks('Go to https://a.example/x?token=1 or http://b.example.\n')).toEqual([
      'https://a.example/x?token=1',
      'http://b.example.',
    ]);
  });

  it('hands the rendered mail to SMTP through nodemailer', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const mailer = createMailer({
      publicUrl: 'https://main.example',
      transport: async (mail: OutgoingMail) => {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        sent.push(String(info.message));
      },
    });
    await mailer.send({
      template: 'passwordReset',
      to: 'anna@example.com',
      language: 'de',
      site,
      name: 'Anna',
      link: mailer.linkTo(site, '/reset-password/do?token=t'),
    });
    const message = JSON.parse(sent[0]!);
    expect(message.from).toEqual({ address: 'noreply@amoria.example', name: 'Amoria Mail' });
    expect(message.to).toEqual([{ address: 'anna@example.com', name: '' }]);
    expect(message.text).toContain('https://amoria.example/reset-password/do?token=t');
  });
});

describe('development mailbox (GET /api/dev/mailbox)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('lists the newest mails first with their links', async () => {
    for (const name of ['first', 'second']) {
      await app.mailer.send({
        template: 'activation',
        to: `${name}@example.com`,
        language: 'en',
        site: { ...site, isDefault: true },
        name,
        link: `http://localhost:3000/activate?token=${name}`,
      });
    }
    const response = await app.inject({ url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    const { mails } = response.json();
    expect(mails.map((mail: { to: string }) => mail.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(mails[0]).toMatchObject({
      id: expect.any(Number),
      subject: expect.any(String),
      text: expect.any(String),
      html: expect.stringMatching(
        /^<!doctype html>\n<html lang="en">[\s\S]*href="http:\/\/localhost:3000\/activate\?token=second"/,
      ),
      links: ['http://localhost:3000/activate?token=second'],
      created_at: expect.any(String),
    });
  });

  it('is not used when SMTP_URL is set: the mail is queued as a job in the action transaction, and retried when SMTP fails', async () => {
    const smtpApp = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const { email } = await signUp(smtpApp);
      expect((await smtpApp.inject({ url: '/api/dev/mailbox' })).json().mails).toEqual([]);
      const [job] = await queuedJobs(smtpApp.db, { name: MAIL_SEND_JOB });
      expect(job?.data).toMatchObject({
        to: email,
        template: 'activation',
        subject: expect.any(String),
        html: expect.any(String),
      });
      await smtpApp.jobs.runDueJobs();
      const [retried] = await queuedJobs(smtpApp.db, { id: job!.id });
      expect(retried).toMatchObject({ state: 'retry', output: { message: expect.any(String) } });
    } finally {
      await smtpApp.close();
    }
  });

  it('does not exist in production', async () => {
    const production = await buildTestApp({ env: 'production', logLevel: 'silent' });
    try {
      const response = await production.inject({ url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(production.printRoutes()).not.toContain('mailbox');
    } finally {
      await production.close();
    }
  });
});
