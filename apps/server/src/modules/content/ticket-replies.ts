// A staff reply stored on a ticket (the mail itself is sent by the staff console): the one write on ticket_replies.
import type { Executor } from '../../db/client.ts';
import { ticketReplies } from '../../db/schema/index.ts';

export async function addTicketReply(
  executor: Executor,
  reply: { ticketId: number; staffId: number | null; body: string; createdAt: Date },
): Promise<void> {
  await executor.insert(ticketReplies).values(reply);
}
