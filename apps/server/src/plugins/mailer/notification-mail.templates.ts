// Renders the notification mails (subject, HTML and text) from the `notifications` i18n namespace, in the layout of
// the account mails, with the footer every notification mail carries: why it came, one-click unsubscribe, settings.
import type { TFunction } from 'i18next';
import { escapeHtml } from '../../lib/html.ts';

export const NOTIFICATION_MAIL_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'match',
  'unread_message_reminders',
  'weekly_updates',
  'reminder_confirm',
  'reminder_profile',
  'promotions',
  'news',
] as const;
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];

export type NotificationMailInput = {
  kind: NotificationMailKind;
  t: TFunction;
  language: string;
  siteName: string;
  /** The member's name in the greeting. */
  name: string;
  /** The notification type the footer names (its switch in the settings). */
  type: string;
  /** The call to action. */
  link: string;
  unsubscribeUrl: string;
  settingsUrl: string;
  /** sender (messages), name (likes, matches), count (plurals). */
  params?: { sender?: string; name?: string; count?: number };
  /** The weekly update's figures. */
  weekly?: { newMembers: number; newMemberNames: string[]; likes: number };
};
export type RenderedNotificationMail = { subject: string; text: string; html: string };

const KEYS: Record<NotificationMailKind, string> = {
  new_conversations: 'new_conversations',
  new_messages: 'new_messages',
  like: 'like',
  match: 'match',
  unread_message_reminders: 'unread_message_reminders',
  weekly_updates: 'weekly_updates',
  reminder_confirm: 'reminders.confirm',
  reminder_profile: 'reminders.profile',
  promotions: 'promotions',
  news: 'news',
};

const paragraph = (text: string, style = 'margin:0 0 16px') =>
  `<p style="${style}">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

export function renderNotificationMail(input: NotificationMailInput): RenderedNotificationMail {
  const { t } = input;
  const key = `notifications:mail.${KEYS[input.kind]}`;
  const vars = { site: input.siteName, name: input.name, ...input.params };
  const subject = t(`${key}.subject`, vars);
  const greeting = t('mail:layout.greeting', { name: input.name });
  const intro = t(`${key}.intro`, vars);
  const lines: string[] = [];
  if (input.weekly) {
    const { newMembers, newMemberNames, likes } = input.weekly;
    if (newMembers > 0) lines.push(t('notifications:mail.weekly_updates.new_members', { count: newMembers }));
    if (newMemberNames.length > 0)
      lines.push(t('notifications:mail.weekly_updates.new_member_names', { names: newMemberNames.join(', ') }));
    if (likes > 0) lines.push(t('notifications:mail.weekly_updates.likes', { count: likes }));
  }
  const button = t(`${key}.button`, vars);
  const signature = t('mail:layout.signature', { site: input.siteName });
  const reason = t('notifications:mail.footer', { site: input.siteName, type: t(`notifications:types.${input.type}`) });
  const unsubscribe = t('notifications:mail.unsubscribe');
  const settings = t('notifications:mail.settings');

  const text = [
    greeting,
    intro,
    ...lines,
    `${button}: ${input.link}`,
    signature,
    '--',
    reason,
    `${unsubscribe}: ${input.unsubscribeUrl}`,
    `${settings}: ${input.settingsUrl}`,
  ].join('\n\n');

  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#888">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(input.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3f2;font-family:Arial,Helvetica,sans-serif;color:#3b2a26">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.siteName)}</h1>
${paragraph(greeting)}${paragraph(intro)}${lines.map((line) => paragraph(line)).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="background:#ff6f61;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(button)}</a></p>
${paragraph(signature)}
<p style="margin:24px 0 0;font-size:12px;color:#888">${escapeHtml(reason)}<br>${link(input.unsubscribeUrl, unsubscribe)} · ${link(input.settingsUrl, settings)}</p>
</div></body></html>`;
  return { subject, text, html };
}
