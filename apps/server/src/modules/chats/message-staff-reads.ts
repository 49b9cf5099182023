// Messages as the staff console reads them: one message (a report's content), a photo message's stored files, the
// last messages between two members, and messages per UTC day for the dashboard. Read only.
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { utcDayOf } from '../../lib/utc-day.ts';

export async function findStaffMessage(executor: Executor, messageId: number) {
  const [row] = await executor
    .select({ id: messages.id, body: messages.body, kind: messages.kind })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row;
}

/** A photo message's storage keys (none for another kind, or once the files are gone). */
export async function findMessagePhotoKeys(executor: Executor, messageId: number) {
  const [row] = await executor
    .select({ fileKey: messages.photoKey, thumbKey: messages.photoThumbKey })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.kind, 'photo')));
  return row?.fileKey && row.thumbKey ? { fileKey: row.fileKey, thumbKey: row.thumbKey } : undefined;
}

/** The last `limit` messages of the two profiles' conversation, newest first (none without a conversation). */
export async function listLastMessagesBetween(executor: Executor, a: number, b: number, limit: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [conversation] = await executor
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.profileLowId, low), eq(conversations.profileHighId, high)));
  if (!conversation) return [];
  return executor
    .select({
      id: messages.id,
      from: messages.senderProfileId,
      body: messages.body,
      kind: messages.kind,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/**
 * The first message id written at or after `from`: messages has no index on created_at, but ids grow with time,
 * so a binary search over the primary key finds the boundary in about 40 lookups, and the count reads only the
 * period's rows by id range.
 */
async function firstMessageIdSince(executor: Executor, from: Date): Promise<number> {
  const [bounds] = await executor
    .select({ max: sql<number | null>`max(${messages.id})`.mapWith(Number) })
    .from(messages);
  let low = 1;
  let high = (bounds?.max ?? 0) + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const [row] = await executor
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .where(gte(messages.id, middle))
      .orderBy(asc(messages.id))
      .limit(1);
    if (!row || row.createdAt >= from) high = middle;
    else low = row.id + 1;
  }
  return low;
}

/** Messages sent per UTC day since `from`, by members of one site or all. */
export async function countMessagesByDay(executor: Executor, query: { from: Date; siteId?: number }) {
  const firstId = await firstMessageIdSince(executor, query.from);
  return executor
    .select({ day: utcDayOf(messages.createdAt), count: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(
      and(
        gte(messages.id, firstId),
        query.siteId
          ? sql`exists (select 1 from profiles p where p.id = ${messages.senderProfileId} and p.site_id = ${query.siteId})`
          : undefined,
      ),
    )
    .groupBy(sql`1`);
}
