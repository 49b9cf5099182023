// A ticket's status, as the console's ticket list filters by it.
import type { TICKET_STATUSES } from '@app/contracts';

export type TicketStatus = (typeof TICKET_STATUSES)[number];
