// Drizzle queries of notifications: members' choices and mail bookkeeping, who a notification goes to and is about,
// what is unread and unmailed, push subscriptions, and the batches of the weekly update, reminders and campaigns.
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  conversationMembers,
  conversationNotifications,
  conversations,
  likes,
  messages,
  notificationSettings,
  photos,
  profiles,
  pushSubscriptions,
  sites,
  users,
  type NotificationsDisabledReason,
  type StoredNotificationPreferences,
} from '../../db/schema/index.ts';
import { hasActiveRestriction, hasNoActiveRestriction } from '../../lib/member-restrictions.ts';
import { isCompatibleWith, isNotBlockedWith } from '../member-core/index.ts';

const recipientColumns = {
  userId: users.id,
  email: users.email,
  language: users.language,
  status: users.status,
  signupStep: users.signupStep,
  notificationsDisabled: users.notificationsDisabled,
  createdAt: users.createdAt,
  profileId: profiles.id,
  name: profiles.name,
  gender: profiles.gender,
  sexuality: profiles.sexuality,
  isInvisible: profiles.isInvisible,
  hasPhoto: profiles.hasPhoto,
  isRestricted: hasActiveRestriction(users.id),
  site: {
    id: sites.id,
    name: sites.name,
    mailName: sites.mailName,
    domain: sites.domain,
    isDefault: sites.isDefault,
    cdnPrefix: sites.cdnPrefix,
  },
  preferences: sql<StoredNotificationPreferences | null>`${notificationSettings.preferences}`,
  likeMailedAt: notificationSettings.likeMailedAt,
  unreadRemindedAt: notificationSettings.unreadRemindedAt,
  weeklySentAt: notificationSettings.weeklySentAt,
  remindersSent: sql<number>`coalesce(${notificationSettings.remindersSent}, 0)`.mapWith(Number),
  lastCampaign: sql<Record<string, string> | null>`${notificationSettings.lastCampaign}`,
};

/** A member a notification may go to: the account, the profile, the site, and their notification row. */
export type Recipient = {
  userId: number;
  email: string;
  language: string;
  status: string;
  signupStep: number;
  notificationsDisabled: NotificationsDisabledReason[];
  createdAt: Date;
  profileId: number;
  name: string;
  gender: 'male' | 'female' | null;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' | null;
  isInvisible: boolean;
  hasPhoto: boolean;
  /** Banned or suspended by staff now: nothing is sent to them (docs/bans.md). */
  isRestricted: boolean;
  site: { id: number; name: string; mailName: string; domain: string; isDefault: boolean; cdnPrefix: string };
  preferences: StoredNotificationPreferences | null;
  likeMailedAt: Date | null;
  unreadRemindedAt: Date | null;
  weeklySentAt: Date | null;
  remindersSent: number;
  lastCampaign: Record<string, string> | null;
};

/** The member a notification is about (the sender, the liker). */
export type Subject = {
  id: number;
  name: string;
  isInvisible: boolean;
  status: string;
  thumbKey: string | null;
  /** Banned or suspended now: nothing announces them. */ isRestricted: boolean;
};

export function createNotificationsRepository(db: Database) {
  const selectRecipients = (tx: Executor) =>
    tx
      .select(recipientColumns)
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .innerJoin(sites, eq(sites.id, users.siteId))
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id));

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(work),

    async findRecipient(userId: number, tx: Executor = db): Promise<Recipient | undefined> {
      const [row] = await selectRecipients(tx).where(eq(users.id, userId)).limit(1);
      return row as Recipient | undefined;
    },

    async findRecipients(userIds: number[], tx: Executor = db): Promise<Recipient[]> {
      if (userIds.length === 0) return [];
      return (await selectRecipients(tx).where(inArray(users.id, userIds)).orderBy(asc(users.id))) as Recipient[];
    },

    /** Profiles without an account (fictional) have no recipient. */
    async findRecipientByProfile(profileId: number, tx: Executor = db): Promise<Recipient | undefined> {
      const [row] = await selectRecipients(tx).where(eq(profiles.id, profileId)).limit(1);
      return row as Recipient | undefined;
    },

    async findSubject(profileId: number, tx: Executor = db): Promise<Subject | undefined> {
      const [row] = await tx
        .select({
          id: profiles.id,
          name: profiles.name,
          isInvisible: profiles.isInvisible,
          status: profiles.status,
          thumbKey: photos.thumbKey,
          isRestricted: hasActiveRestriction(profiles.userId),
        })
        .from(profiles)
        .leftJoin(photos, and(eq(photos.profileId, profiles.id), sql`${photos.isMain}`))
        .where(eq(profiles.id, profileId))
        .limit(1);
      return row;
    },

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
      { isInvisible: boolean; showInAds: boolean; notificationsDisabled: NotificationsDisabledReason[] } | undefined
    > {
      const [row] = await tx
        .select({
          isInvisible: profiles.isInvisible,
          showInAds: profiles.showInAds,
          notificationsDisabled: users.notificationsDisabled,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    // --- new-message mails, per member and conversation -------------------------------------------------------

    /** Marks a message waiting for a mail: answers since when something waits and when the last mail went. */
    /**
     * A message waits in the conversation (its pending time kept from the first unread one) and the member's unread
     * reminder is due at `reminderDue` unless it already was (as setDueOnce), in one statement. Answers the
     * conversation's state and the reminder's time.
     */
    async markMessagePendingAndReminderDue(
      userId: number,
      conversationId: number,
      now: Date,
      reminderDue: Date,
      tx: Executor = db,
    ): Promise<{ pendingSince: Date | null; mailedAt: Date | null; reminderDue: Date }> {
      const cn = conversationNotifications;
      const ns = notificationSettings;
      const result = (await tx.execute(sql`
        with pending as (
          insert into ${cn} (${sql.identifier(cn.userId.name)}, ${sql.identifier(cn.conversationId.name)}, ${sql.identifier(cn.pendingSince.name)})
          values (${userId}, ${conversationId}, ${now.toISOString()}::timestamptz)
          on conflict (${sql.identifier(cn.userId.name)}, ${sql.identifier(cn.conversationId.name)})
          do update set ${sql.identifier(cn.pendingSince.name)} = coalesce(${cn.pendingSince}, excluded.${sql.identifier(cn.pendingSince.name)})
          returning ${sql.identifier(cn.pendingSince.name)} as pending_since, ${sql.identifier(cn.mailedAt.name)} as mailed_at
        ), reminder as (
          insert into ${ns} (${sql.identifier(ns.userId.name)}, ${sql.identifier(ns.unreadReminderDueAt.name)})
          values (${userId}, ${reminderDue.toISOString()}::timestamptz)
          on conflict (${sql.identifier(ns.userId.name)})
          do update set ${sql.identifier(ns.unreadReminderDueAt.name)} = coalesce(${ns.unreadReminderDueAt}, excluded.${sql.identifier(ns.unreadReminderDueAt.name)})
          returning ${sql.identifier(ns.unreadReminderDueAt.name)} as reminder_due
        )
        select pending.pending_since, pending.mailed_at, reminder.reminder_due from pending, reminder
      `)) as unknown as {
        rows: { pending_since: string | Date | null; mailed_at: string | Date | null; reminder_due: string | Date }[];
      };
      const row = result.rows[0]!;
      const date = (value: string | Date | null) => (value === null ? null : new Date(value));
      return {
        pendingSince: date(row.pending_since),
        mailedAt: date(row.mailed_at),
        reminderDue: date(row.reminder_due) ?? reminderDue,
      };
    },

    async findMessageState(userId: number, conversationId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(conversationNotifications)
        .where(
          and(
            eq(conversationNotifications.userId, userId),
            eq(conversationNotifications.conversationId, conversationId),
          ),
        );
      return row;
    },

    async saveMessageState(
      userId: number,
      conversationId: number,
      values: { mailedSeq: number; mailedAt?: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(conversationNotifications)
        .set({
          pendingSince: null,
          mailedSeq: sql`greatest(${conversationNotifications.mailedSeq}, ${values.mailedSeq})`,
          ...(values.mailedAt ? { mailedAt: values.mailedAt } : {}),
        })
        .where(
          and(
            eq(conversationNotifications.userId, userId),
            eq(conversationNotifications.conversationId, conversationId),
          ),
        );
    },

    /** The member's side of a conversation: read mark, partner, and the conversation's newest sequence. */
    async findConversationSide(profileId: number, conversationId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          readSeq: conversationMembers.readSeq,
          partnerProfileId: conversationMembers.partnerProfileId,
          lastSeq: conversations.lastSeq,
          startedByProfileId: conversations.startedByProfileId,
        })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(eq(conversationMembers.profileId, profileId), eq(conversationMembers.conversationId, conversationId)),
        );
      return row;
    },

    /** The partner's messages after `afterSeq` (on messages_conversation_seq_key): how many, and the first one's sequence. */
    async countMessagesAfter(
      conversationId: number,
      senderProfileId: number,
      afterSeq: number,
      tx: Executor = db,
    ): Promise<{ count: number; firstSeq: number | null }> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number), firstSeq: sql<number | null>`min(${messages.seq})` })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            gt(messages.seq, afterSeq),
            eq(messages.senderProfileId, senderProfileId),
          ),
        );
      return {
        count: row?.count ?? 0,
        firstSeq: row?.firstSeq === null || row?.firstSeq === undefined ? null : Number(row.firstSeq),
      };
    },

    // --- the member's notification row: likes, unread reminder, weekly, reminders, campaigns --------------------

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

    /**
     * Unread messages over the conversations the member lists, blocked pairs left out (the member's blocked ids read
     * once, as chats.php counts them), and messages of restricted partners too.
     */
    async unreadTotal(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${conversationMembers.unreadCount}), 0)`.mapWith(Number) })
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.profileId, profileId),
            gt(conversationMembers.unreadCount, 0),
            eq(conversationMembers.isHidden, false),
            isNotBlockedWith(profileId, conversationMembers.partnerProfileId),
            // A reminder says nothing about messages of a banned or suspended member (docs/bans.md).
            hasNoActiveRestriction(
              sql`(select ${profiles.userId} from ${profiles} where ${profiles.id} = ${conversationMembers.partnerProfileId})`,
            ),
          ),
        );
      return row?.total ?? 0;
    },

    /** Whether a partner's unread message reached the member after `since` (a reminder is about something new). */
    async hasUnreadSince(profileId: number, since: Date, tx: Executor = db): Promise<boolean> {
      const result = (await tx.execute(sql`
        select 1 from ${conversationMembers} cm
        join ${messages} m on m.conversation_id = cm.conversation_id and m.seq > cm.read_seq and m.sender_profile_id = cm.partner_profile_id
        where cm.profile_id = ${profileId} and cm.unread_count > 0 and m.created_at > ${since.toISOString()}::timestamptz
          and ${hasNoActiveRestriction(sql`(select p.user_id from ${profiles} p where p.id = cm.partner_profile_id)`)}
        limit 1
      `)) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },

    /** New likes of the member after `since` from members who may be announced (active, not invisible): how many, and the newest liker. */
    async newLikesSince(
      profileId: number,
      since: Date,
      tx: Executor = db,
    ): Promise<{ count: number; newest: { id: number; name: string } | null }> {
      const visible = and(
        eq(likes.targetProfileId, profileId),
        eq(likes.isNew, true),
        gt(likes.createdAt, since),
        eq(profiles.status, 'active'),
        eq(profiles.isInvisible, false),
        hasNoActiveRestriction(profiles.userId),
      );
      const [counted] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .where(visible);
      const [newest] = await tx
        .select({ id: profiles.id, name: profiles.name })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .where(visible)
        .orderBy(desc(likes.createdAt))
        .limit(1);
      return { count: counted?.count ?? 0, newest: newest ?? null };
    },

    /** When `profileId` liked `targetId` (null: not). */
    async findLikedAt(profileId: number, targetId: number, tx: Executor = db): Promise<Date | null> {
      const [row] = await tx
        .select({ createdAt: likes.createdAt })
        .from(likes)
        .where(and(eq(likes.profileId, profileId), eq(likes.targetProfileId, targetId)));
      return row?.createdAt ?? null;
    },

    /** Likes received after `since` from members who may be announced (the weekly update). */
    async countLikesSince(profileId: number, since: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .where(
          and(
            eq(likes.targetProfileId, profileId),
            gt(likes.createdAt, since),
            eq(profiles.status, 'active'),
            eq(profiles.isInvisible, false),
            hasNoActiveRestriction(profiles.userId),
          ),
        );
      return row?.count ?? 0;
    },

    /** Listed members who joined the site after `since` and suit the member (on profiles_site_created_idx). */
    async newMembersSince(
      recipient: Pick<Recipient, 'profileId' | 'gender' | 'sexuality'> & { siteId: number },
      since: Date,
      limit: number,
      tx: Executor = db,
    ) {
      const where = and(
        eq(profiles.siteId, recipient.siteId),
        gt(profiles.createdAt, since),
        eq(profiles.status, 'active'),
        eq(profiles.isInvisible, false),
        hasNoActiveRestriction(profiles.userId),
        sql`${profiles.id} <> ${recipient.profileId}`,
        isCompatibleWith(recipient),
      );
      const [counted] = await tx
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(profiles)
        .where(where);
      const names = await tx
        .select({ name: profiles.name })
        .from(profiles)
        .where(where)
        .orderBy(desc(profiles.createdAt), desc(profiles.id))
        .limit(limit);
      return { count: counted?.count ?? 0, names: names.map((row) => row.name) };
    },

    // --- batches (keyset by user id, or by signup time for reminders) -------------------------------------------

    async pageActiveUserIds(
      afterUserId: number,
      limit: number,
      siteId: number | null,
      tx: Executor = db,
    ): Promise<number[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            gt(users.id, afterUserId),
            eq(users.status, 'active'),
            siteId === null ? undefined : eq(users.siteId, siteId),
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Members due a reminder (on users_created_idx): signed up between `from` and `to`, unconfirmed or with an
     * unfinished profile (signup steps left, or no photo), fewer than `max` reminders so far.
     */
    async pageReminderCandidates(
      from: Date,
      to: Date,
      max: number,
      after: { createdAt: Date; id: number } | null,
      limit: number,
      tx: Executor = db,
    ) {
      return tx
        .select({ userId: users.id, createdAt: users.createdAt })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(
          and(
            gt(users.createdAt, from),
            lte(users.createdAt, to),
            after ? sql`(${users.createdAt}, ${users.id}) > (${after.createdAt}, ${after.id})` : undefined,
            sql`(${users.status} = 'not_confirmed' or (${users.status} = 'active' and (${users.signupStep} < 5 or not ${profiles.hasPhoto})))`,
            sql`coalesce(${notificationSettings.remindersSent}, 0) < ${max}`,
          ),
        )
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit);
    },

    // --- push subscriptions --------------------------------------------------------------------------------------

    async listSubscriptionIds(userId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return rows.map((row) => row.id);
    },

    async findSubscription(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row;
    },

    async deleteSubscription(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
