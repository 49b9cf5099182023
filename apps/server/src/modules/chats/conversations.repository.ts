// Chat queries: conversations by pair, each member's side, messages by sequence (keyset), the inbox locks and
// versions, blocks between a pair, and the signup messages waiting for their account's activation.
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  blocks,
  chatInboxes,
  conversationMembers,
  conversations,
  messages,
  pendingMessages,
  photos,
  profiles,
  users,
  type MessageRow,
  type NewMessageRow,
} from '../../db/schema/index.ts';
import type { SendBlockedReason } from '@app/contracts';
import { hasActiveRestriction } from '../../lib/member-restrictions.ts';

/** A chat partner as the chat needs them: the profile, whether a person reads it, and the account's state. */
export type PartnerRow = {
  id: number;
  siteId: number;
  name: string;
  userId: number | null;
  isFictional: boolean;
  isVerified: boolean;
  profileStatus: string;
  userStatus: string | null;
  /** Banned or suspended by staff now (docs/bans.md): nobody may write to them. */
  isRestricted: boolean;
  /** Why a member of the site asked for may not write to them now, or null (chat_partner_block_reason, migration 0028). */
  blockReason: SendBlockedReason | null;
  mainFileKey: string | null;
  mainThumbKey: string | null;
};

const pairOf = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

/** The partner of a chat, blocks between a pair, and a member's profile. */
function partnerQueries(db: Database) {
  return {
    /**
     * The partner profile (any status: an unconfirmed member's profile is not viewable yet) with its account state, and
     * why a member of `siteId` (the partner's own site when null) may not write to them.
     */
    async findPartner(profileId: number, siteId: number | null, tx: Executor = db): Promise<PartnerRow | undefined> {
      const [row] = await tx
        .select({
          id: profiles.id,
          siteId: profiles.siteId,
          name: profiles.name,
          userId: profiles.userId,
          isFictional: profiles.isFictional,
          isVerified: sql<boolean>`(${profiles.verifiedAt} is not null)`,
          profileStatus: profiles.status,
          userStatus: users.status,
          isRestricted: hasActiveRestriction(profiles.userId),
          blockReason: sql<SendBlockedReason | null>`chat_partner_block_reason(${profiles.id}, ${siteId === null ? profiles.siteId : sql`${siteId}::int`})`,
          mainFileKey: photos.fileKey,
          mainThumbKey: photos.thumbKey,
        })
        .from(profiles)
        .leftJoin(users, eq(users.id, profiles.userId))
        .leftJoin(photos, and(eq(photos.profileId, profiles.id), sql`${photos.isMain}`))
        .where(eq(profiles.id, profileId))
        .limit(1);
      return row;
    },

    /** 'blocked_by' when the partner blocked the member, 'member_blocked' when the member blocked the partner, else null. */
    async findBlockDirection(
      viewerId: number,
      partnerId: number,
      tx: Executor = db,
    ): Promise<'blocked_by' | 'member_blocked' | null> {
      const rows = await tx
        .select({ profileId: blocks.profileId })
        .from(blocks)
        .where(
          sql`(${blocks.profileId} = ${partnerId} and ${blocks.blockedProfileId} = ${viewerId}) or (${blocks.profileId} = ${viewerId} and ${blocks.blockedProfileId} = ${partnerId})`,
        );
      if (rows.some((row) => row.profileId === partnerId)) return 'blocked_by';
      return rows.length ? 'member_blocked' : null;
    },

    async profileIdOfUser(userId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return row?.id;
    },
  };
}

/** Conversations by pair, a member's side of one, and a message's photo. */
function conversationQueries(db: Database) {
  return {
    async findConversationByPair(a: number, b: number, tx: Executor = db) {
      const { low, high } = pairOf(a, b);
      const [row] = await tx
        .select()
        .from(conversations)
        .where(and(eq(conversations.profileLowId, low), eq(conversations.profileHighId, high)))
        .limit(1);
      return row;
    },

    /** The member's side of a conversation with the conversation itself, or undefined when it is not theirs. */
    async findMembership(profileId: number, conversationId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ member: conversationMembers, conversation: conversations })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .where(
          and(eq(conversationMembers.profileId, profileId), eq(conversationMembers.conversationId, conversationId)),
        )
        .limit(1);
      return row;
    },

    async findMember(profileId: number, conversationId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(conversationMembers)
        .where(
          and(eq(conversationMembers.profileId, profileId), eq(conversationMembers.conversationId, conversationId)),
        )
        .limit(1);
      return row;
    },

    async findPhotoKeys(messageId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          conversationId: messages.conversationId,
          fileKey: messages.photoKey,
          thumbKey: messages.photoThumbKey,
        })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.kind, 'photo')))
        .limit(1);
      return row?.fileKey && row.thumbKey
        ? { conversationId: row.conversationId, fileKey: row.fileKey, thumbKey: row.thumbKey }
        : undefined;
    },

    async createConversation(senderId: number, partnerId: number, tx: Executor) {
      const { low, high } = pairOf(senderId, partnerId);
      const [conversation] = await tx
        .insert(conversations)
        .values({ profileLowId: low, profileHighId: high, startedByProfileId: senderId })
        .returning();
      if (!conversation) throw new Error('conversation not created');
      await tx.insert(conversationMembers).values([
        { conversationId: conversation.id, profileId: senderId, partnerProfileId: partnerId },
        { conversationId: conversation.id, profileId: partnerId, partnerProfileId: senderId },
      ]);
      return conversation;
    },
  };
}

/** The chat inboxes' locks and versions. */
function inboxWrites() {
  return {
    /**
     * Locks the chat inboxes of both members (created when missing), lower profile id first: every send, read and
     * delete of a member queues here, so inbox versions follow commit order and two first messages of a pair cannot
     * both start a conversation.
     */
    async lockInboxes(profileIds: number[], tx: Executor): Promise<void> {
      const ids = [...new Set(profileIds)].sort((a, b) => a - b);
      await tx
        .insert(chatInboxes)
        .values(ids.map((profileId) => ({ profileId })))
        .onConflictDoNothing({ target: chatInboxes.profileId });
      await tx
        .select({ id: chatInboxes.profileId })
        .from(chatInboxes)
        .where(inArray(chatInboxes.profileId, ids))
        .orderBy(asc(chatInboxes.profileId))
        .for('update');
    },

    /** Bumps a member's inbox version (after lockInboxes) and answers the new version. */
    async bumpVersion(profileId: number, tx: Executor): Promise<number> {
      const [row] = await tx
        .update(chatInboxes)
        .set({ version: sql`${chatInboxes.version} + 1` })
        .where(eq(chatInboxes.profileId, profileId))
        .returning({ version: chatInboxes.version });
      if (!row) throw new Error(`no chat inbox for profile ${profileId}`);
      return row.version;
    },

    /** Bumps several members' inbox versions in one statement (after lockInboxes); answers each new version. */
    async bumpVersions(profileIds: number[], tx: Executor): Promise<Map<number, number>> {
      const rows = await tx
        .update(chatInboxes)
        .set({ version: sql`${chatInboxes.version} + 1` })
        .where(inArray(chatInboxes.profileId, profileIds))
        .returning({ profileId: chatInboxes.profileId, version: chatInboxes.version });
      return new Map(rows.map((row) => [row.profileId, row.version]));
    },
  };
}

/** A member's side of a conversation: after a send, read up to a message, off the list. */
function memberSideWrites() {
  return {
    /**
     * After a send, both sides in one statement: the sender's moves up, has read up to the new message and comes back
     * if deleted; the recipient's moves up, one more unread, and comes back if deleted.
     */
    async touchBoth(
      conversationId: number,
      sender: { profileId: number; version: number; seq: number },
      recipient: { profileId: number; version: number },
      at: Date,
      tx: Executor,
    ) {
      const isSender = sql`${conversationMembers.profileId} = ${sender.profileId}`;
      await tx
        .update(conversationMembers)
        .set({
          lastActivityAt: at,
          isHidden: false,
          version: sql`case when ${isSender} then ${sender.version}::bigint else ${recipient.version}::bigint end`,
          readSeq: sql`case when ${isSender} then ${sender.seq}::int else ${conversationMembers.readSeq} end`,
          unreadCount: sql`case when ${isSender} then ${conversationMembers.unreadCount} else ${conversationMembers.unreadCount} + 1 end`,
        })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            inArray(conversationMembers.profileId, [sender.profileId, recipient.profileId]),
          ),
        );
    },

    async markRead(conversationId: number, profileId: number, seq: number, version: number | null, tx: Executor) {
      const [row] = await tx
        .update(conversationMembers)
        .set({
          readSeq: sql`greatest(${conversationMembers.readSeq}, ${seq})`,
          unreadCount: sql`(select count(*) from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.seq} > greatest(${conversationMembers.readSeq}, ${seq}) and ${messages.senderProfileId} is distinct from ${profileId})::int`,
          ...(version === null ? {} : { version }),
        })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)),
        )
        .returning({ unreadCount: conversationMembers.unreadCount, readSeq: conversationMembers.readSeq });
      return row;
    },

    async hide(conversationId: number, profileId: number, clearedSeq: number, version: number, tx: Executor) {
      await tx
        .update(conversationMembers)
        .set({ isHidden: true, clearedSeq, readSeq: clearedSeq, unreadCount: 0, version })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)),
        );
    },
  };
}

/** Messages by sequence (keyset), and the next sequence number. */
function messageQueries(db: Database) {
  return {
    /** The next sequence number of a conversation; the row lock it takes holds until commit, so sequences follow commit order. */
    async nextSeq(conversationId: number, tx: Executor): Promise<number> {
      const [row] = await tx
        .update(conversations)
        .set({ lastSeq: sql`${conversations.lastSeq} + 1` })
        .where(eq(conversations.id, conversationId))
        .returning({ seq: conversations.lastSeq });
      if (!row) throw new Error(`conversation ${conversationId} vanished`);
      return row.seq;
    },

    async insertMessage(values: NewMessageRow, tx: Executor): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values(values).returning();
      if (!row) throw new Error('message not stored');
      return row;
    },

    /** Newest first: at most `limit` messages with seq in (floor, before). Served by messages_conversation_seq_key. */
    pageBefore(
      conversationId: number,
      floor: number,
      before: number | null,
      limit: number,
      tx: Executor = db,
    ): Promise<MessageRow[]> {
      return tx
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            gt(messages.seq, floor),
            before === null ? undefined : lt(messages.seq, before),
          ),
        )
        .orderBy(desc(messages.seq))
        .limit(limit);
    },

    /** Oldest first: at most `limit` messages with seq > after (catching up). */
    pageAfter(conversationId: number, after: number, limit: number, tx: Executor = db): Promise<MessageRow[]> {
      return tx
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, after)))
        .orderBy(asc(messages.seq))
        .limit(limit);
    },
  };
}

/** Signup messages waiting for their account's activation. */
function signupMessageQueries() {
  return {
    /** Signup messages of a member still waiting for the account's activation, locked for delivery. */
    listUndeliveredSignupMessages(userId: number, tx: Executor) {
      return tx
        .select()
        .from(pendingMessages)
        .where(and(eq(pendingMessages.userId, userId), sql`${pendingMessages.deliveredAt} is null`))
        .orderBy(asc(pendingMessages.id))
        .for('update');
    },

    async markSignupMessageDelivered(id: number, at: Date, tx: Executor) {
      await tx.update(pendingMessages).set({ deliveredAt: at }).where(eq(pendingMessages.id, id));
    },
  };
}

export function createConversationsRepository(db: Database) {
  return {
    ...partnerQueries(db),
    ...conversationQueries(db),
    ...inboxWrites(),
    ...memberSideWrites(),
    ...messageQueries(db),
    ...signupMessageQueries(),
  };
}
