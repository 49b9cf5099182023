// Notifications (docs/notifications.md): each member's e-mail and push choices and the bookkeeping that keeps mails
// from flooding (when each kind was last sent), and per conversation what the new-message mails already covered.
import { index, integer, jsonb, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './chats.ts';
import { users } from './users.ts';

/** Explicit choices only, per notification type and channel; what is not stored has its default. */
export type StoredNotificationPreferences = Partial<Record<string, { email?: boolean; push?: boolean }>>;

/** One row per member who changed a choice or was sent something; no row means every default. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<StoredNotificationPreferences>().notNull().default({}),
  /** When the member last switched a marketing type (promotions, news) on: the record of consent. */
  marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
  /** The like mail waiting to go (likes coalesced per member), and when the last one went. */
  likeMailDueAt: timestamp('like_mail_due_at', { withTimezone: true }),
  likeMailedAt: timestamp('like_mailed_at', { withTimezone: true }),
  /** The unread-messages reminder waiting to go, and when the last one went. */
  unreadReminderDueAt: timestamp('unread_reminder_due_at', { withTimezone: true }),
  unreadRemindedAt: timestamp('unread_reminded_at', { withTimezone: true }),
  weeklySentAt: timestamp('weekly_sent_at', { withTimezone: true }),
  /** Reminders of an unconfirmed address or an unfinished profile sent so far (at most two), and the last one. */
  remindersSent: smallint('reminders_sent').notNull().default(0),
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
  /** The last marketing campaign mailed to this member (a campaign reaches a member once). */
  lastCampaign: jsonb('last_campaign').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** Per member and conversation: the new-message mail waiting to go, and what the last one covered. */
export const conversationNotifications = pgTable(
  'conversation_notifications',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The first message not mailed yet arrived then; null when nothing waits. */
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** Messages up to this sequence were covered by a mail (or by the member reading them). */
    mailedSeq: integer('mailed_seq').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.conversationId] }),
    index('conversation_notifications_conversation_idx').on(table.conversationId),
  ],
);
