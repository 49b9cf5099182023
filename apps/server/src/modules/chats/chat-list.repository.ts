// The conversation list's queries (chats.php): one page of a member's list with each row's partner, photo and last
// message, what changed after a version, the list's version parts, and the inbox summary (version, unread, started).
import { and, desc, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { jsonListOf, jsonRowOf } from '../../db/json-rows.ts';
import {
  blocks,
  chatInboxes,
  conversationMembers,
  conversations,
  messages,
  photos,
  profiles,
} from '../../db/schema/index.ts';
import { hasActiveRestriction } from '../../lib/member-restrictions.ts';
import { blockedIdsOf, isNotBlockedWith, restrictionsStampOf } from '../member-core/index.ts';

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

/**
 * The member's own rows of one page of the list, ordered and limited on their own: the list index is read in order and
 * only `limit` rows are touched, whatever the member's history holds.
 */
function listPageOf(
  tx: Executor,
  profileId: number | Placeholder,
  where: SQL | undefined,
  limit: number | Placeholder,
) {
  return tx
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
}

/**
 * Each of the page's rows reaches its conversation, partner, main photo and last message through a lateral lookup
 * with LIMIT 1: always a key lookup per row, whatever the tables' sizes and statistics (a plain join lets the planner
 * hash or sort a whole small table instead).
 */
function listLookupsOf(tx: Executor, page: ReturnType<typeof listPageOf>) {
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
  return { conversation, partner, mainPhoto, last };
}

/** One page of the member's conversation list (listPageOf), with the partner, the main photo and the last message joined to each. */
function listQueryBuilder(
  tx: Executor,
  profileId: number | Placeholder,
  where: SQL | undefined,
  limit: number | Placeholder,
) {
  const page = listPageOf(tx, profileId, where, limit);
  const { conversation, partner, mainPhoto, last } = listLookupsOf(tx, page);
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

/** Counts over a member's conversations: those they started, and their unread messages. */
function inboxCountQueries(db: Database) {
  return {
    /** Conversations the member started (a free member's limit counts these, deleted ones included). */
    async countStarted(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ count: startedCountOf(profileId) }).from(sql`(select 1) as one`);
      return row?.count ?? 0;
    },

    async unreadTotal(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ total: unreadTotalOf(profileId) }).from(sql`(select 1) as one`);
      return row?.total ?? 0;
    },
  };
}

export function createChatListRepository(db: Database) {
  const listVersion = prepareListVersion(db);
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
    ...inboxCountQueries(db),
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
  };
}
