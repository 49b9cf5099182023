// Public entry of notifications: the service (and the realtime wrapper that feeds it), its repository and tokens.
export { createNotificationsRepository, type NotificationsRepository } from './notifications.repository.ts';
export {
  consumeNotificationEvents,
  createNotificationsService,
  type NotificationsService,
} from './notifications.service.ts';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './unsubscribe-tokens.ts';
export { deletePushSubscriptions, savePushSubscription } from './push-subscriptions.ts';
