// Staff on support tickets: list by status and site, read with the replies, reply by mail in the ticket's language
// (stored, audited), close. Tickets and replies are modules/content's; the mail goes out in the reply's transaction.
import type { TicketStatus } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { addTicketReply, findTicket, listTicketReplies, listTicketsPage, setTicketStatus } from '../content/index.ts';
import { findMemberName } from '../member-core/index.ts';
import { findSite } from '../sites/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { sendMemberMail } from './mails.ts';
import { createPaging, DEFAULT_PAGE } from './paging.ts';
import { listStaffNames } from './staff-accounts.repository.ts';

const toTicket = (row: TicketRow) => ({
  id: row.id,
  site_id: row.siteId,
  kind: row.kind,
  user_id: row.userId,
  email: row.email,
  language: row.language,
  subject: row.subject,
  body: row.body,
  order_id: row.orderId,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

/** A ticket with its replies, each with the name of the staff member who wrote it. */
async function ticketWithReplies(db: Executor, ticketId: number) {
  const row = await findTicket(db, ticketId);
  if (!row) throw notFound();
  const replies = await listTicketReplies(db, ticketId);
  const names = await listStaffNames(
    db,
    replies.flatMap((reply) => (reply.staffId === null ? [] : [reply.staffId])),
  );
  return {
    ticket: toTicket(row),
    replies: replies.map((reply) => ({
      id: reply.id,
      staff_id: reply.staffId,
      staff_name: reply.staffId === null ? null : (names.get(reply.staffId) ?? null),
      body: reply.body,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}

export function createAdminTicketsService(deps: {
  db: Database;
  cursors: CursorCodec;
  mailer: Pick<Mailer, 'sendRendered'>;
  now: () => Date;
}) {
  const { db } = deps;
  const { afterId, nextOf } = createPaging(deps.cursors);

  async function requireTicket(ticketId: number) {
    const row = await findTicket(db, ticketId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async listTickets(query: { status: TicketStatus; site?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-tickets-${query.status}`;
      const rows = await listTicketsPage(db, {
        status: query.status,
        siteId: query.site,
        beforeId: afterId(kind, query.cursor),
        limit,
      });
      return { tickets: rows.slice(0, limit).map(toTicket), next_cursor: nextOf(rows, limit, kind, (row) => row.id) };
    },

    ticket: (ticketId: number) => ticketWithReplies(db, ticketId),

    /** The answer is stored and mailed to the ticket's address in the ticket's language, in one transaction. */
    async replyTicket(actor: AuditActor, ticketId: number, input: { body: string; close?: boolean }) {
      const row = await requireTicket(ticketId);
      if (row.status === 'closed') throw new AppError(409, 'ticket_closed');
      const site = await findSite(db, row.siteId);
      const authorName = row.userId ? await findMemberName(db, row.userId) : undefined;
      const status = input.close ? 'closed' : 'answered';
      await db.transaction(async (tx) => {
        await addTicketReply(tx, { ticketId, staffId: actor.id, body: input.body, createdAt: deps.now() });
        await setTicketStatus(tx, ticketId, status);
        await recordAudit(tx, actor, {
          action: 'ticket.reply',
          targetType: 'ticket',
          targetId: ticketId,
          before: { status: row.status },
          after: { status, body: input.body },
        });
        await sendMemberMail(
          deps.mailer,
          {
            to: row.email,
            language: row.language,
            name: authorName || row.email.split('@')[0]!,
            site: site!,
            template: 'ticketReply',
            params: { subject: row.subject, reference: `#${row.id}` },
            body: input.body,
          },
          tx,
        );
      });
      return ticketWithReplies(db, ticketId);
    },

    async closeTicket(actor: AuditActor, ticketId: number) {
      const row = await requireTicket(ticketId);
      await db.transaction(async (tx) => {
        await setTicketStatus(tx, ticketId, 'closed');
        await recordAudit(tx, actor, {
          action: 'ticket.close',
          targetType: 'ticket',
          targetId: ticketId,
          before: { status: row.status },
          after: { status: 'closed' },
        });
      });
      return ticketWithReplies(db, ticketId);
    },
  };
}
export type AdminTicketsService = ReturnType<typeof createAdminTicketsService>;
