// Public entry of content: the support tickets service, for the composition root.
export { createTicketsRepository, type TicketsRepository } from './tickets.repository.ts';
export { createTicketsService, ticketReference, type TicketsService } from './tickets.service.ts';
export { setTicketStatus } from './ticket-status.ts';
export { addTicketReply } from './ticket-replies.ts';
export { findTicket, listTicketReplies, listTicketsPage } from './ticket-reads.ts';
