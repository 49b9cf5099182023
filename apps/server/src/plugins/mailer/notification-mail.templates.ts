// The notification mails (subject, HTML and text) from the `notifications` i18n namespace, in the layout every mail
// shares (mail-layout.ts), with the footer every notification mail carries: why it came, one-click unsubscribe, settings.
import type { TFunction } from 'i18next';
import { renderMailContent, type MailContent, type RenderedMail } from './mail-layout.ts';

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
export type RenderedNotificationMail = RenderedMail;

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

/** A notification mail's content: its lines, the weekly figures, and the footer with unsubscribe and settings links. */
export function notificationMailContent(input: NotificationMailInput): MailContent {
  const { t } = input;
  const key = `notifications:mail.${KEYS[input.kind]}`;
  const vars = { site: input.siteName, name: input.name, ...input.params };
  const lines: string[] = [];
  if (input.weekly) {
    const { newMembers, newMemberNames, likes } = input.weekly;
    if (newMembers > 0) lines.push(t('notifications:mail.weekly_updates.new_members', { count: newMembers }));
    if (newMemberNames.length > 0)
      lines.push(t('notifications:mail.weekly_updates.new_member_names', { names: newMemberNames.join(', ') }));
    if (likes > 0) lines.push(t('notifications:mail.weekly_updates.likes', { count: likes }));
  }
  return {
    language: input.language,
    subject: t(`${key}.subject`, vars),
    siteName: input.siteName,
    greeting: t('mail:layout.greeting', { name: input.name }),
    paragraphs: [t(`${key}.intro`, vars), ...lines],
    button: { label: t(`${key}.button`, vars), href: input.link },
    signature: t('mail:layout.signature', { site: input.siteName }),
    footer: t('notifications:mail.footer', { site: input.siteName, type: t(`notifications:types.${input.type}`) }),
    footerLinks: [
      { label: t('notifications:mail.unsubscribe'), href: input.unsubscribeUrl },
      { label: t('notifications:mail.settings'), href: input.settingsUrl },
    ],
  };
}

export function renderNotificationMail(input: NotificationMailInput): RenderedNotificationMail {
  return renderMailContent(notificationMailContent(input));
}
