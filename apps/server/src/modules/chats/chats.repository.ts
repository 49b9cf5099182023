// Chat queries: conversations by pair, each member's side, messages by sequence (keyset), the inbox versions.
import { and, asc, desc, eq, gt, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { jsonListOf, jsonRowOf } from '../../db/json-rows.ts';
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
  type MessageKind,
  type MessageRow,
  type NewMessageRow,
} from '../../db/schema/index.ts';
import type { SendBlockedReason } from '@app/contracts';
import { hasActiveRestriction } from '../../lib/member-restrictions.ts';
import type { ChatSentEvent } from '../../plugins/outbox/index.ts';
import { blockedIdsOf, isNotBlockedWith, restrictionsStampOf } from '../member-core/index.ts';

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

/** What the send statement (`chat_send`, migration 0028) takes. */
export type SendStatementInput = {
  senderProfileId: number;
  senderUserId: number;
  siteId: number;
  isPremium: boolean;
  partnerProfileId: number;
  clientId: string;
  kind: MessageKind;
  body: string | null;
  giftKey: string | null;
  photo: { fileKey: string; thumbKey: string; width: number; height: number } | null;
  price: number;
  /** The ledger entry's reason of a paid send. */
  ledgerReason: string;
  freeConversationLimit: number;
  at: Date;
  /** The id of the `chat.sent` outbox event the statement writes, and how long this instance holds it. */
  eventId: string;
  leaseMs: number;
};

/** What the send statement answers: the message sent, a stored one (replay), or why not (a SendBlockedReason). */
export type SendStatementResult =
  | ({ status: 'sent'; eventId: string } & ChatSentEvent)
  | {
      status: 'replay';
      message: Record<string, unknown>;
      partnerProfileId: number | null;
      balance: number;
      balanceVersion: number;
    }
  | { status: SendBlockedReason; partnerName: string | null };

/** A message row as the database's JSON has it (to_jsonb in chat_send), in the shape Drizzle reads it. */
export function messageRowFromJson(json: Record<string, unknown>): MessageRow {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id: Number(json.id),
    conversationId: Number(json.conversation_id),
    seq: Number(json.seq),
    senderProfileId: number(json.sender_profile_id),
    clientId: (json.client_id as string | null) ?? null,
    kind: json.kind as MessageKind,
    body: (json.body as string | null) ?? null,
    giftKey: (json.gift_key as string | null) ?? null,
    photoKey: (json.photo_key as string | null) ?? null,
    photoThumbKey: (json.photo_thumb_key as string | null) ?? null,
    photoWidth: number(json.photo_width),
    photoHeight: number(json.photo_height),
    cost: Number(json.cost),
    createdAt: new Date(json.created_at as string),
  };
}

/** The send statement, prepared once: one round trip, its own transaction (docs/chat-scaling.md). */
function prepareSend(db: Database) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      result: sql<SendStatementResult>`chat_send(${p('senderProfileId')}::int, ${p('senderUserId')}::int, ${p('siteId')}::int, ${p('isPremium')}::boolean, ${p('partnerProfileId')}::int, ${p('clientId')}::text, ${p('kind')}::text, ${p('body')}::text, ${p('giftKey')}::text, ${p('photoKey')}::text, ${p('photoThumbKey')}::text, ${p('photoWidth')}::int, ${p('photoHeight')}::int, ${p('price')}::int, ${p('ledgerReason')}::text, ${p('freeLimit')}::int, ${p('at')}::timestamptz, ${p('eventId')}::uuid, ${p('leaseMs')}::int)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('chat_send');
}

export type ChatListRow = {
  conversationId: number;
  partnerId: number;
  partnerName: string;
  /** The partner is banned or suspended: the list says they are no longer available. */
  isPartnerRestricted: boolean;
  mainFileKey: string | null;
  mainThumbKey: string | null;
  unreadCount: number;
  lastSeq: number;
  lastActivityAt: string;
  version: number;
  isHidden: boolean;
  isBlocked: boolean;
  lastKind: string | null;
  lastBody: string | null;
  lastGift: string | null;
  lastSenderId: number | null;
  lastCreatedAt: Date | null;
};

const pairOf = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

/**
 * The version of a member's conversation list: the inbox version, and the member's blocks either way (a block hides a
 * conversation without touching the inbox). One row from the primary keys and the blocks indexes.
 */
function prepareListVersion(db: Database) {
  const profileId = sql.placeholder('profileId');
  return db
    .select({
      version: sql<string>`coalesce((select ${chatInboxes.version} from ${chatInboxes} where ${chatInboxes.profileId} = ${profileId}), 0)`,
      blocks: sql<string>`(select count(*) || ':' || coalesce(max(${blocks.createdAt})::text, '') from ${blocks} where ${blocks.profileId} = ${profileId}) || '|' || (select count(*) || ':' || coalesce(max(${blocks.createdAt})::text, '') from ${blocks} where ${blocks.blockedProfileId} = ${profileId})`,
      // A partner banned, suspended or let back in changes the list's availability flags without touching the inbox.
      restrictions: restrictionsStampOf(
        sql`select ${conversationMembers.partnerProfileId} from ${conversationMembers} where ${conversationMembers.profileId} = ${profileId}`,
      ),
    })
    .from(sql`(select 1) as one`)
    .prepare('chats_list_version');
}

/**
 * Unread messages over the conversations the member lists (blocked pairs left out: the member's blocked ids, both
 * ways, read once, as member-core's lists do); reads only rows with unread.
 */
const unreadTotalOf = (profileId: number | Placeholder) =>
  sql<number>`(select coalesce(sum(${conversationMembers.unreadCount}), 0) from ${conversationMembers}
    where ${conversationMembers.profileId} = ${profileId} and ${conversationMembers.unreadCount} > 0 and ${conversationMembers.isHidden} = false
    and ${isNotBlockedWith(profileId, conversationMembers.partnerProfileId)})`.mapWith(Number);
/** Conversations the member started (a free member's limit counts these, deleted ones included). */
const startedCountOf = (profileId: number | Placeholder) =>
  sql<number>`(select count(*) from ${conversations} where ${conversations.startedByProfileId} = ${profileId})`.mapWith(
    Number,
  );

export function createChatsRepository(db: Database) {
  const listVersion = prepareListVersion(db);
  const sendStatement = prepareSend(db);
  /**
   * One page of the member's conversation list: the member's own rows first, ordered and limited on their own (so the
   * list index is read in order and only `limit` rows are touched, whatever the member's history holds), then the
   * partner, the main photo and the last message joined to each.
   */
  function listQueryBuilder(
    tx: Executor,
    profileId: number | Placeholder,
    where: SQL | undefined,
    limit: number | Placeholder,
  ) {
    const page = tx
      .select({
        conversationId: conversationMembers.conversationId,
        partnerId: conversationMembers.partnerProfileId,
        unreadCount: conversationMembers.unreadCount,
        clearedSeq: conversationMembers.clearedSeq,
        sortAt: conversationMembers.lastActivityAt,
        // As text, full precision: the keyset cursor carries it back unchanged.
        lastActivityAt: sql<string>`${conversationMembers.lastActivityAt}::text`.as('last_activity_text'),
        version: conversationMembers.version,
        isHidden: conversationMembers.isHidden,
        // The member's blocked ids, both ways, read once per query (an InitPlan), not the blocks table once per row.
        // Spelled out: inside a subquery Drizzle leaves column names unqualified.
        isBlocked: sql<boolean>`(conversation_members.partner_profile_id = any(${blockedIdsOf(profileId)}))`.as(
          'is_blocked',
        ),
      })
      .from(conversationMembers)
      .where(where)
      .orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId))
      .limit(limit)
      .as('page');
    // Each of the page's rows reaches its conversation, partner, main photo and last message through a
    // lateral lookup with LIMIT 1: always a key lookup per row, whatever the tables' sizes and statistics
    // (a plain join lets the planner hash or sort a whole small table instead).
    const conversation = tx
      .select({ lastSeq: conversations.lastSeq })
      .from(conversations)
      .where(eq(conversations.id, page.conversationId))
      .limit(1)
      .as('conversation');
    const partner = tx
      .select({ name: profiles.name, userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.id, page.partnerId))
      .limit(1)
      .as('partner');
    const mainPhoto = tx
      .select({ fileKey: photos.fileKey, thumbKey: photos.thumbKey })
      .from(photos)
      .where(and(eq(photos.profileId, page.partnerId), sql`${photos.isMain}`))
      .limit(1)
      .as('main_photo');
    const last = tx
      .select({
        kind: messages.kind,
        body: sql<string | null>`left(${messages.body}, 200)`.as('last_body'),
        giftKey: messages.giftKey,
        senderProfileId: messages.senderProfileId,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, page.conversationId),
          eq(messages.seq, conversation.lastSeq),
          gt(messages.seq, page.clearedSeq),
        ),
      )
      .limit(1)
      .as('last_message');
    const fields = {
      conversationId: page.conversationId,
      partnerId: page.partnerId,
      partnerName: partner.name,
      isPartnerRestricted: hasActiveRestriction(partner.userId),
      mainFileKey: mainPhoto.fileKey,
      mainThumbKey: mainPhoto.thumbKey,
      unreadCount: page.unreadCount,
      lastSeq: conversation.lastSeq,
      lastActivityAt: page.lastActivityAt,
      version: page.version,
      isHidden: page.isHidden,
      isBlocked: page.isBlocked,
      lastKind: last.kind,
      lastBody: last.body,
      lastGift: last.giftKey,
      lastSenderId: last.senderProfileId,
      lastCreatedAt: last.createdAt,
    };
    const row = jsonRowOf(fields);
    /** The page's rows with `selection`: the fields themselves, or each row as one JSON array of them (`row`). */
    const select = (selection: SelectedFields) =>
      tx
        .select(selection)
        .from(page)
        .innerJoinLateral(conversation, sql`true`)
        .innerJoinLateral(partner, sql`true`)
        .leftJoinLateral(mainPhoto, sql`true`)
        .leftJoinLateral(last, sql`true`)
        .orderBy(desc(page.sortAt), desc(page.conversationId));
    return { fields, row, select };
  }
  const listQuery = (tx: Executor, profileId: number, where: SQL | undefined, limit: number) => {
    const list = listQueryBuilder(tx, profileId, where, limit);
    return list.select(list.fields) as unknown as Promise<ChatListRow[]>;
  };
  /** chats.php's version, unread total and started count (one row from the primary keys and the list's indexes). */
  const summaryFields = (profileId: number | Placeholder) => ({
    version:
      sql<number>`coalesce((select ${chatInboxes.version} from ${chatInboxes} where ${chatInboxes.profileId} = ${profileId}), 0)`.mapWith(
        Number,
      ),
    unreadTotal: unreadTotalOf(profileId),
    startedCount: startedCountOf(profileId),
  });
  const inboxSummaryQuery = (tx: Executor, profileId: number | Placeholder) =>
    tx.select(summaryFields(profileId)).from(sql`(select 1) as one`);
  const firstPageWhere = (profileId: number | Placeholder) =>
    and(eq(conversationMembers.profileId, profileId), sql`${conversationMembers.isHidden} = false`);
  /**
   * chats.php's first page in one statement: the summary and the page's rows, as one JSON array (json_agg keeps the
   * list's order: nothing else happens at its level), read back by chatRowOfJson (docs/prepared-statements.md).
   */
  const firstPageQuery = (tx: Executor, profileId: number | Placeholder, limit: number | Placeholder) => {
    const list = listQueryBuilder(tx, profileId, firstPageWhere(profileId), limit);
    return {
      query: tx
        .select({
          ...summaryFields(profileId),
          rows: jsonListOf<unknown[]>(list.select({ item: list.row.sql.as('item') })),
        })
        .from(sql`(select 1) as one`),
      row: list.row,
    };
  };
  // chats.php's statements, prepared: Drizzle builds their SQL once per process, not per request.
  const inboxSummary = inboxSummaryQuery(db, sql.placeholder('profileId')).prepare('chats_inbox_summary');
  const firstPage = firstPageQuery(db, sql.placeholder('profileId'), sql.placeholder('limit'));
  const firstPageStatement = firstPage.query.prepare('chats_first_page');
  /** A list row from its JSON array (firstPageQuery). */
  const chatRowOfJson = (values: unknown[]): ChatListRow => {
    const row = firstPage.row.read(values);
    if (typeof row.lastCreatedAt === 'string') row.lastCreatedAt = new Date(row.lastCreatedAt);
    return row as ChatListRow;
  };

  return {
    /**
     * Sends a message in one statement (chat_send): see SendStatementInput. Not enough credits rejects with the
     * credits module's error (isNotEnoughCreditsError) and leaves nothing behind.
     */
    async send(input: SendStatementInput): Promise<SendStatementResult> {
      const [row] = await sendStatement.execute({
        senderProfileId: input.senderProfileId,
        senderUserId: input.senderUserId,
        siteId: input.siteId,
        isPremium: input.isPremium,
        partnerProfileId: input.partnerProfileId,
        clientId: input.clientId,
        kind: input.kind,
        body: input.body,
        giftKey: input.giftKey,
        photoKey: input.photo?.fileKey ?? null,
        photoThumbKey: input.photo?.thumbKey ?? null,
        photoWidth: input.photo?.width ?? null,
        photoHeight: input.photo?.height ?? null,
        price: input.price,
        ledgerReason: input.ledgerReason,
        freeLimit: input.freeConversationLimit,
        at: input.at.toISOString(),
        eventId: input.eventId,
        leaseMs: input.leaseMs,
      });
      if (!row) throw new Error('chat_send answered no row');
      return row.result;
    },

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

    /**
     * The member's inbox at a glance, in one statement: the list version, the unread total over the conversations
     * they list (blocked pairs left out; only rows with unread are read), and how many conversations they started.
     */
    async findInboxSummary(
      profileId: number,
      tx: Executor = db,
    ): Promise<{ version: number; unreadTotal: number; startedCount: number }> {
      const [row] = tx === db ? await inboxSummary.execute({ profileId }) : await inboxSummaryQuery(tx, profileId);
      return row ?? { version: 0, unreadTotal: 0, startedCount: 0 };
    },

    /** Conversations the member started (a free member's limit counts these, deleted ones included). */
    async countStarted(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ count: startedCountOf(profileId) }).from(sql`(select 1) as one`);
      return row?.count ?? 0;
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

    async unreadTotal(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ total: unreadTotalOf(profileId) }).from(sql`(select 1) as one`);
      return row?.total ?? 0;
    },

    /**
     * chats.php's first page with the inbox summary, in one statement (firstPageQuery): read in one snapshot, so the
     * version belongs to exactly these rows. On a transaction, the same SQL is built for it (the plan test explains it).
     */
    async readFirstPage(
      profileId: number,
      limit: number,
    ): Promise<{ version: number; unreadTotal: number; startedCount: number; rows: ChatListRow[] }> {
      const [row] = await firstPageStatement.execute({ profileId, limit });
      if (!row) return { version: 0, unreadTotal: 0, startedCount: 0, rows: [] };
      return { ...row, rows: row.rows.map(chatRowOfJson) };
    },

    /** The first page's statement built on `tx` with its values (chat-plans.test.ts explains it). */
    firstPageQuery: (profileId: number, limit: number, tx: Executor) => firstPageQuery(tx, profileId, limit).query,

    /** One page of the list, newest activity first, after the keyset (last_activity_at, conversation_id). */
    listPage(
      profileId: number,
      after: [string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<ChatListRow[]> {
      return listQuery(
        tx,
        profileId,
        and(
          firstPageWhere(profileId),
          after
            ? sql`(${conversationMembers.lastActivityAt}, ${conversationMembers.conversationId}) < (${after[0]}::timestamptz, ${after[1]})`
            : undefined,
        ),
        limit,
      );
    },

    /** Entries that changed after `version` (hidden ones included: the client drops them). */
    listChangedSince(profileId: number, version: number, limit: number, tx: Executor = db): Promise<ChatListRow[]> {
      return listQuery(
        tx,
        profileId,
        and(eq(conversationMembers.profileId, profileId), gt(conversationMembers.version, version)),
        limit,
      );
    },

    /** The version parts of chats.php (see prepareListVersion). */
    async findListVersion(profileId: number) {
      const [row] = await listVersion.execute({ profileId });
      return { version: Number(row?.version ?? 0), blocks: row?.blocks ?? '', restrictions: row?.restrictions ?? '' };
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

    async profileIdOfUser(userId: number, tx: Executor = db): Promise<number | undefined> {
      const [row] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return row?.id;
    },
  };
}
export type ChatsRepository = ReturnType<typeof createChatsRepository>;
