// Tickets and their staff replies as the staff console reads them (newest first, by status and site).
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { TicketStatus } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { ticketReplies, tickets, type TicketRow } from '../../db/schema/index.ts';

export async function findTicket(executor: Executor, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await executor.select().from(tickets).where(eq(tickets.id, ticketId));
  return row;
}

/** A page of tickets of one status, newest first: `limit + 1` rows (the extra one says a next page exists). */
export async function listTicketsPage(
  executor: Executor,
  query: { status: TicketStatus; siteId?: number; beforeId?: number; limit: number },
): Promise<TicketRow[]> {
  return executor
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.status, query.status),
        query.siteId ? eq(tickets.siteId, query.siteId) : undefined,
        query.beforeId !== undefined ? lt(tickets.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(query.limit + 1);
}

/** A ticket's replies, oldest first. */
export async function listTicketReplies(executor: Executor, ticketId: number) {
  return executor
    .select()
    .from(ticketReplies)
    .where(eq(ticketReplies.ticketId, ticketId))
    .orderBy(asc(ticketReplies.id));
}
