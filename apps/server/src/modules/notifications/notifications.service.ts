// The notifications module's face for its routes and jobs (docs/notifications.md): one object over its use cases, each
// built in the composition root from what it uses: the member's settings (settings.service.ts), one-click
// unsubscribe and the bounce and complaint intake (unsubscribe.service.ts), what likes and messages set in motion
// (notification-events.ts), web push (push.service.ts), the like, match and new-message mails (event-mails.service.ts),
// reminders (reminders.service.ts), and the weekly update and campaigns (mailings.service.ts).
import type { EventMails } from './event-mails.service.ts';
import type { Mailings } from './mailings.service.ts';
import type { NotificationEvents } from './notification-events.ts';
import type { PushNotifications } from './push.service.ts';
import type { Reminders } from './reminders.service.ts';
import type { NotificationSettingsService } from './settings.service.ts';
import type { UnsubscribeService } from './unsubscribe.service.ts';

export function createNotificationsService(parts: {
  settings: NotificationSettingsService;
  unsubscribe: UnsubscribeService;
  events: NotificationEvents;
  push: PushNotifications;
  eventMails: EventMails;
  reminders: Reminders;
  mailings: Mailings;
}) {
  const { settings, unsubscribe, events, push, eventMails, reminders, mailings } = parts;
  return {
    getSettings: settings.getSettings,
    updateSettings: settings.updateSettings,
    onLikeCreated: events.onLikeCreated,
    onChatMessage: events.onChatMessage,
    runPush: push.runPush,
    runPushSend: push.runPushSend,
    runMessageMail: eventMails.runMessageMail,
    runLikeMail: eventMails.runLikeMail,
    runMatchMail: eventMails.runMatchMail,
    runUnreadReminder: reminders.runUnreadReminder,
    runReminders: reminders.runReminders,
    startWeekly: mailings.startWeekly,
    runWeeklyBatch: mailings.runWeeklyBatch,
    startCampaign: mailings.startCampaign,
    runMarketingBatch: mailings.runMarketingBatch,
    inspectUnsubscribe: unsubscribe.inspectUnsubscribe,
    unsubscribe: unsubscribe.unsubscribe,
    recordMailEvent: unsubscribe.recordMailEvent,
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
