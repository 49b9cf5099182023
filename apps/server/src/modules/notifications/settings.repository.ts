// The member's notification row (`notification_settings`): their choices with the marketing consent, the account
// state the settings screen shows, and the due times and sent marks the mail jobs keep there.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  notificationSettings,
  profiles,
  users,
  type NotificationsDisabledReason,
  type StoredNotificationPreferences,
} from '../../db/schema/index.ts';

/** The member's choices and what the settings screen shows of the account. */
export function createSettingsRepository(db: Executor) {
  return {
    async findPreferences(userId: number, tx: Executor = db): Promise<StoredNotificationPreferences> {
      const [row] = await tx
        .select({ preferences: notificationSettings.preferences })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return row?.preferences ?? {};
    },

    async savePreferences(
      userId: number,
      preferences: StoredNotificationPreferences,
      consentAt: Date | null,
      now: Date,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(notificationSettings)
        .values({ userId, preferences, marketingConsentAt: consentAt, updatedAt: now })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { preferences, updatedAt: now, ...(consentAt ? { marketingConsentAt: consentAt } : {}) },
        });
    },

    /** Locks the member's row (created when missing) so concurrent choices are merged one after the other. */
    async lockSettings(userId: number, tx: Executor): Promise<StoredNotificationPreferences> {
      await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
      const [row] = await tx
        .select({ preferences: notificationSettings.preferences })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
        .for('update');
      return row?.preferences ?? {};
    },

    async findAccountState(
      userId: number,
      tx: Executor = db,
    ): Promise<
      | {
          isInvisible: boolean;
          showInAds: boolean;
          privateVisits: boolean;
          notificationsDisabled: NotificationsDisabledReason[];
        }
      | undefined
    > {
      const [row] = await tx
        .select({
          isInvisible: profiles.isInvisible,
          showInAds: profiles.showInAds,
          privateVisits: profiles.privateVisits,
          notificationsDisabled: users.notificationsDisabled,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },
  };
}

/** The due times and sent marks of likes, the unread reminder, the weekly update, reminders and campaigns. */
export function createNotificationRowRepository(db: Executor) {
  return {
    /** Sets a due time unless one is set already; answers the due time in force. */
    async setDueOnce(
      userId: number,
      column: 'likeMailDueAt' | 'unreadReminderDueAt',
      due: Date,
      tx: Executor = db,
    ): Promise<Date> {
      const target = notificationSettings[column];
      const [row] = await tx
        .insert(notificationSettings)
        .values({ userId, [column]: due })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { [column]: sql`coalesce(${target}, excluded.${sql.identifier(target.name)})` },
        })
        .returning({ due: target });
      return row?.due ?? due;
    },

    async updateSettingsRow(
      userId: number,
      values: Partial<
        Pick<
          typeof notificationSettings.$inferInsert,
          | 'likeMailDueAt'
          | 'likeMailedAt'
          | 'unreadReminderDueAt'
          | 'unreadRemindedAt'
          | 'weeklySentAt'
          | 'remindersSent'
          | 'remindedAt'
          | 'lastCampaign'
        >
      >,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(notificationSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    },
  };
}
