// `app.mailer`: SMTP (through a durable 'mail.send' job) when SMTP_URL is set, else the development mailbox in the database.
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { createMailRepository } from './mail.repository.ts';
import { createMailer, type Mailer, type MailTransport, type OutgoingMail } from './mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Sends a mail over SMTP (the 'mail.send' job's handler calls it); null without SMTP_URL. */
    deliverMail: ((mail: OutgoingMail) => Promise<void>) | null;
  }
}

export type MailerPluginOptions = { smtpUrl?: string; mailFrom?: string; publicUrl: string };

export const MAIL_SEND_JOB = 'mail.send';

export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, { smtpUrl, mailFrom, publicUrl }) => {
    let transport: MailTransport;
    let deliverMail: ((mail: OutgoingMail) => Promise<void>) | null = null;
    if (smtpUrl) {
      const smtp = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => smtp.close());
      // Queued in the caller's transaction: the mail goes out only if the action commits, and survives restarts and SMTP outages.
      transport = async (mail, tx) => {
        await app.jobs.enqueue(MAIL_SEND_JOB, mail, { tx });
      };
      deliverMail = async (mail) => {
        await smtp.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      };
    } else {
      const mailbox = createMailRepository(app.db);
      transport = async (mail, tx) => {
        await mailbox.insert(mail, tx);
      };
    }
    app.decorate('deliverMail', deliverMail);
    app.decorate('mailer', createMailer({ transport, publicUrl, mailFrom }));
  },
  { name: 'mailer', dependencies: ['db', 'jobs'] },
);
