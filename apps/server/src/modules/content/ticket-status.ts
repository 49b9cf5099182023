// A ticket's status as staff move it (answered, closed): the one write on tickets outside this module's service.
import { eq } from 'drizzle-orm';
import type { TicketStatus } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { tickets } from '../../db/schema/index.ts';

export async function setTicketStatus(executor: Executor, ticketId: number, status: TicketStatus): Promise<void> {
  await executor.update(tickets).set({ status }).where(eq(tickets.id, ticketId));
}
