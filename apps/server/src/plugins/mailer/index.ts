// Public entry of mail: the plugin (`app.mailer`: SMTP or the development mailbox), the mailbox repository, link extraction.
export { MAIL_SEND_JOB, mailerPlugin, type MailerPluginOptions } from './mailer.plugin.ts';
export { createMailRepository, type MailRepository } from './mail.repository.ts';
export { extractLinks, siteBaseUrl, type Mailer, type OutgoingMail, type SendRenderedInput } from './mail.service.ts';
export type { MailTemplate } from './mail.templates.ts';
export {
  NOTIFICATION_MAIL_KINDS,
  renderNotificationMail,
  type NotificationMailInput,
  type NotificationMailKind,
} from './notification-mail.templates.ts';
