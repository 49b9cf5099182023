// The notification jobs' names and payloads (declared with their schemas in plugins/jobs/job-declarations.ts), and
// the batch size and look-back the batch jobs share.
import type { PushPayload } from '@app/contracts';

export const JOBS = {
  push: 'notifications.push',
  pushSend: 'notifications.push-send',
  messageMail: 'notifications.message-mail',
  likeMail: 'notifications.like-mail',
  matchMail: 'notifications.match-mail',
  unreadReminder: 'notifications.unread-reminder',
  weekly: 'notifications.weekly',
  weeklyBatch: 'notifications.weekly-batch',
  reminders: 'notifications.reminders',
  marketingBatch: 'notifications.marketing-batch',
} as const;

export const WEEK_MS = 7 * 24 * 60 * 60_000;
export const BATCH_SIZE = 200;

export type PushKind = 'new_messages' | 'new_conversations' | 'like' | 'match';
export type PushJob = { userId: number; kind: PushKind; profileId: number; conversationId?: number; seq?: number };
export type PushSendJob = {
  subscriptionId: number;
  payload: PushPayload;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  topic: string;
};
