// The notifications module's queries, one object over the parts of each use case (docs/notifications.md, "Read
// model"): who is told and about whom (recipients.repository.ts), the member's choices and notification row
// (settings.repository.ts), the mail state of conversations and what is unread (conversation-mail.repository.ts),
// likes, new members and the batch jobs' pages (activity.repository.ts), and push subscriptions
// (push-subscriptions.ts).
import type { Database, Executor } from '../../db/client.ts';
import {
  createBatchReadsRepository,
  createLikeReadsRepository,
  createNewMembersRepository,
} from './activity.repository.ts';
import { createConversationReadsRepository, createMessageStateRepository } from './conversation-mail.repository.ts';
import { createPushSubscriptionsRepository } from './push-subscriptions.ts';
import { createRecipientsRepository } from './recipients.repository.ts';
import { createNotificationRowRepository, createSettingsRepository } from './settings.repository.ts';

export type { Recipient, Subject } from './recipients.repository.ts';

export function createNotificationsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(work),
    ...createRecipientsRepository(db),
    ...createSettingsRepository(db),
    ...createNotificationRowRepository(db),
    ...createMessageStateRepository(db),
    ...createConversationReadsRepository(db),
    ...createLikeReadsRepository(db),
    ...createNewMembersRepository(db),
    ...createBatchReadsRepository(db),
    ...createPushSubscriptionsRepository(db),
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
