// Public entry of mail: the plugin (`app.mailer`: SMTP or the development mailbox), the mailbox repository, link
// extraction, and the layout every mail is rendered in (a mail a module writes itself: renderMailContent).
export { MAIL_SEND_JOB, mailerPlugin, type MailerPluginOptions } from './mailer.plugin.ts';
export { createMailRepository, type MailRepository } from './mail.repository.ts';
export { extractLinks, siteBaseUrl, type Mailer, type OutgoingMail, type SendRenderedInput } from './mail.service.ts';
export type { MailTemplate } from './mail.templates.ts';
export { renderMailContent, type MailContent, type MailLink, type RenderedMail } from './mail-layout.ts';
export {
  NOTIFICATION_MAIL_KINDS,
  renderNotificationMail,
  type NotificationMailInput,
  type NotificationMailKind,
} from './notification-mail.templates.ts';
