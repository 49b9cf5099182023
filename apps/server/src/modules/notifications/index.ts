// Public entry of notifications: its repository and the services of each use case, for the composition root (which
// also subscribes it to likes and messages); the unsubscribe tokens; and the push subscriptions accounts save.
export { createNotificationsRepository, type NotificationsRepository } from './notifications.repository.ts';
export { createNotificationsService, type NotificationsService } from './notifications.service.ts';
export { createNotificationSettingsService, type NotificationSettingsService } from './settings.service.ts';
export { createUnsubscribeService, type UnsubscribeService } from './unsubscribe.service.ts';
export { consumeNotificationEvents, createNotificationEvents, type NotificationEvents } from './notification-events.ts';
export { createNotificationMail, type NotificationMail } from './notification-mail.ts';
export { createPushNotifications, type PushNotifications } from './push.service.ts';
export { createEventMails, type EventMails } from './event-mails.service.ts';
export { createReminders, type Reminders } from './reminders.service.ts';
export { createMailings, type Mailings } from './mailings.service.ts';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-tokens.ts';
export { deletePushSubscriptions, savePushSubscription } from './push-subscriptions.ts';
