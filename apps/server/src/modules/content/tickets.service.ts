// Support tickets: a complaint or contact request is stored and confirmed by mail in one transaction (docs/content.md).
import type { ComplaintOrder, Ticket, TicketKind } from '@app/contracts';
import type { UiLanguage } from '@app/i18n';
import type { Database } from '../../db/client.ts';
import type { SiteRow, TicketRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { TicketsRepository } from './tickets.repository.ts';

type TicketSite = Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain' | 'isDefault' | 'supportEmail'>;

/** Who writes: a logged-in member (answered at the account's address) or a visitor who gave an address. */
export type TicketAuthor =
  | { kind: 'member'; userId: number; email: string; isEmailConfirmed: boolean; name: string; language: UiLanguage }
  | { kind: 'visitor'; email: string | undefined; name: string | undefined; language: UiLanguage };

export type TicketInput = { kind: TicketKind; subject: string; body: string; orderId?: number | null };

const fieldError = (path: string, code: string, status = 400) =>
  new AppError(status, 'validation_failed', undefined, [{ path, code }]);

/** The reference a ticket is known by in mails and on the phone. */
export const ticketReference = (id: number) => `#${id}`;

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    email: row.email,
    order: row.orderId,
    created_at: row.createdAt.toISOString(),
  };
}

export function createTicketsService(deps: {
  db: Database;
  ticketsRepository: TicketsRepository;
  mailer: Pick<Mailer, 'send'>;
  now: () => Date;
}) {
  const { db, ticketsRepository: repository, mailer } = deps;

  return {
    async listComplaintOrders(site: Pick<SiteRow, 'id'>, userId: number): Promise<ComplaintOrder[]> {
      const rows = await repository.listMemberOrders(site.id, userId);
      return rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        credits: row.credits,
        amount_minor: row.amountMinor,
        currency: row.currency,
        status: row.status,
      }));
    },

    /** Stores the ticket and queues its confirmation mail in the writer's language; both or neither. */
    async create(site: TicketSite, author: TicketAuthor, input: TicketInput): Promise<Ticket> {
      const email = author.email;
      if (!email) throw fieldError('email', 'invalid_email');
      if (input.orderId != null) {
        // Only a member's own orders: a visitor names none, and another member's order reads as not found.
        const isOwn =
          author.kind === 'member' && (await repository.isMemberOrder(site.id, author.userId, input.orderId));
        if (!isOwn) throw fieldError('order', 'ticket_order_not_found');
      }
      return db.transaction(async (tx) => {
        const row = await repository.insert(
          {
            siteId: site.id,
            kind: input.kind,
            userId: author.kind === 'member' ? author.userId : null,
            email,
            language: author.language,
            subject: input.subject,
            body: input.body,
            orderId: input.orderId ?? null,
            createdAt: deps.now(),
          },
          tx,
        );
        // Anyone may type any address into the form: the site must not mail a stranger the writer's name, subject or
        // links. Only a member's confirmed address gets the confirmation that quotes the subject; any other gets one
        // naming nothing the writer typed (the reference and the site's own words).
        const isVerifiedAddress = author.kind === 'member' && author.isEmailConfirmed;
        await mailer.send(
          isVerifiedAddress
            ? {
                template: input.kind === 'complaint' ? 'complaintReceived' : 'contactReceived',
                to: email,
                language: author.language,
                site,
                name: author.name,
                params: { subject: input.subject, reference: ticketReference(row.id), supportEmail: site.supportEmail },
              }
            : {
                template: input.kind === 'complaint' ? 'complaintReceivedVisitor' : 'contactReceivedVisitor',
                to: email,
                language: author.language,
                site,
                name: '',
                params: { reference: ticketReference(row.id), supportEmail: site.supportEmail },
              },
          tx,
        );
        return toTicket(row);
      });
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
