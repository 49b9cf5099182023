// The rules every notification checks (docs/notifications.md): a member's effective choices per type and channel
// (defaults filled in), whether mail may go to a member at all, and the language a member is written to in.
import {
  MARKETING_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  PUSH_NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
} from '@app/contracts';
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import type { StoredNotificationPreferences } from '../../db/schema/index.ts';
import type { Recipient } from './recipients.repository.ts';

export type MarketingType = (typeof MARKETING_NOTIFICATION_TYPES)[number];

export const isMarketing = (type: NotificationType) =>
  (MARKETING_NOTIFICATION_TYPES as readonly string[]).includes(type);
export const isPushType = (type: NotificationType) => (PUSH_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** Defaults: every service type on (e-mail and, where it exists, push); marketing off until the member consents. */
export function effectivePreferences(stored: StoredNotificationPreferences | null): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const choice = stored?.[type] ?? {};
      const isDefaultOn = !isMarketing(type);
      return [
        type,
        { email: choice.email ?? isDefaultOn, push: isPushType(type) ? (choice.push ?? isDefaultOn) : false },
      ];
    }),
  ) as NotificationPreferences;
}

export function isEnabled(
  stored: StoredNotificationPreferences | null,
  type: NotificationType,
  channel: 'email' | 'push',
): boolean {
  return effectivePreferences(stored)[type][channel];
}

/**
 * Mail goes to a member unless the system stopped it (bounce, complaint, unsubscribe in the mail app), the account is
 * leaving, or staff banned or suspended it (its ban page says the profile is hidden: nothing should say otherwise).
 */
export const mayMail = (recipient: Pick<Recipient, 'notificationsDisabled' | 'status' | 'isRestricted'>) =>
  recipient.notificationsDisabled.length === 0 && recipient.status !== 'deleted_pending' && !recipient.isRestricted;

export const languageOf = (recipient: Pick<Recipient, 'language'>): UiLanguage =>
  isUiLanguage(recipient.language) ? recipient.language : 'en';
