// `app.mailer`: SMTP (through a durable 'mail.send' job) when SMTP_URL is set, else the development mailbox in the database.
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { createMailRepository } from './mail.repository.ts';
import { createMailer, type Mailer, type MailTransport, type OutgoingMail } from './mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export type MailerPluginOptions = { smtpUrl?: string; mailFrom?: string; publicUrl: string };

export const MAIL_SEND_JOB = 'mail.send';

export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, { smtpUrl, mailFrom, publicUrl }) => {
    let transport: MailTransport;
    if (smtpUrl) {
      const smtp = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => smtp.close());
      // Queued in the caller's transaction: the mail goes out only if the action commits, and survives restarts and SMTP outages.
      transport = async (mail, tx) => {
        await app.jobs.enqueue(MAIL_SEND_JOB, mail, { tx });
      };
      app.jobs.register(MAIL_SEND_JOB, async (payload) => {
        const mail = payload as OutgoingMail;
        await smtp.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
      });
    } else {
      const mailbox = createMailRepository(app.db);
      transport = async (mail, tx) => {
        await mailbox.insert(mail, tx);
      };
    }
    app.decorate('mailer', createMailer({ transport, publicUrl, mailFrom }));
  },
  { name: 'mailer', dependencies: ['db', 'jobs'] },
);
