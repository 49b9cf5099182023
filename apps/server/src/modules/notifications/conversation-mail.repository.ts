// New-message mails and unread reminders, per member and conversation: the mail state of each conversation
// (`conversation_notifications`), and what the member's conversations hold unread and unmailed.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  conversationMembers,
  conversationNotifications,
  conversations,
  messages,
  notificationSettings,
  profiles,
} from '../../db/schema/index.ts';
import { hasNoActiveRestriction } from '../../lib/member-restrictions.ts';
import { isNotBlockedWith } from '../member-core/index.ts';

/** A conversation's mail state: what waits for a mail since when, and when the last one went. */
export function createMessageStateRepository(db: Executor) {
  return {
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
  };
}

/** The member's side of their conversations: read marks, partners, and what is unread. */
export function createConversationReadsRepository(db: Executor) {
  return {
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
  };
}
