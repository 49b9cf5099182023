// Staff on tickets (read, reply by mail, close), payments (orders with their state, refunds through the payments
// service, failed webhooks), the dashboard's daily counts, and the audit log list.
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TicketStatus, OrderStatus } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import {
  messages,
  orders,
  paymentWebhooks,
  profiles,
  sites,
  staffAccounts,
  staffAuditLog,
  ticketReplies,
  tickets,
  users,
  type TicketRow,
} from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { addTicketReply, setTicketStatus } from '../content/index.ts';
import type { RefundsService } from '../payments/index.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { toAdminOrder } from './admin-rows.ts';
import { sendMemberMail } from './mails.ts';
import { DEFAULT_PAGE } from './members.service.ts';

/** Staff refunds are not bound by the member's refund window (SPEC 3 refund_days); still only unused credits. */
const STAFF_REFUND_DAYS = 36_500;
const DASHBOARD_DAYS = 30;

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

export function createAdminOperationsService(deps: {
  db: Database;
  cursors: CursorCodec;
  refunds: Pick<RefundsService, 'refund'>;
  mailer: Pick<Mailer, 'sendRendered'>;
  now: () => Date;
}) {
  const { db, cursors } = deps;
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;
  const nextOf = <T>(rows: T[], limit: number, kind: string, id: (row: T) => number) =>
    rows.length > limit ? cursors.encode(kind, [id(rows[limit - 1]!)]) : null;

  async function requireTicket(ticketId: number) {
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!row) throw notFound();
    return row;
  }
  async function requireOrder(orderId: number) {
    const [row] = await db
      .select({ order: orders, email: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The first message id written at or after `from`: messages has no index on created_at, but ids grow with time,
   * so a binary search over the primary key finds the boundary in about 40 lookups, and the count reads only the
   * period's rows by id range.
   */
  async function firstMessageIdSince(from: Date): Promise<number> {
    const [bounds] = await db.select({ max: sql<number | null>`max(${messages.id})`.mapWith(Number) }).from(messages);
    let low = 1;
    let high = (bounds?.max ?? 0) + 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const [row] = await db
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

  return {
    async listTickets(query: { status: TicketStatus; site?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-tickets-${query.status}`;
      const after = afterId(kind, query.cursor);
      const rows = await db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.status, query.status),
            query.site ? eq(tickets.siteId, query.site) : undefined,
            after !== undefined ? lt(tickets.id, after) : undefined,
          ),
        )
        .orderBy(desc(tickets.id))
        .limit(limit + 1);
      return { tickets: rows.slice(0, limit).map(toTicket), next_cursor: nextOf(rows, limit, kind, (row) => row.id) };
    },

    async ticket(ticketId: number) {
      const row = await requireTicket(ticketId);
      const replies = await db
        .select({ reply: ticketReplies, staffName: staffAccounts.name })
        .from(ticketReplies)
        .leftJoin(staffAccounts, eq(staffAccounts.id, ticketReplies.staffId))
        .where(eq(ticketReplies.ticketId, ticketId))
        .orderBy(asc(ticketReplies.id));
      return {
        ticket: toTicket(row),
        replies: replies.map(({ reply, staffName }) => ({
          id: reply.id,
          staff_id: reply.staffId,
          staff_name: staffName,
          body: reply.body,
          created_at: reply.createdAt.toISOString(),
        })),
      };
    },

    /** The answer is stored and mailed to the ticket's address in the ticket's language, in one transaction. */
    async replyTicket(actor: AuditActor, ticketId: number, input: { body: string; close?: boolean }) {
      const row = await requireTicket(ticketId);
      if (row.status === 'closed') throw new AppError(409, 'ticket_closed');
      const [site] = await db.select().from(sites).where(eq(sites.id, row.siteId));
      const [author] = row.userId
        ? await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, row.userId))
        : [];
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
            name: author?.name || row.email.split('@')[0]!,
            site: site!,
            template: 'ticketReply',
            params: { subject: row.subject, reference: `#${row.id}` },
            body: input.body,
          },
          tx,
        );
      });
      return this.ticket(ticketId);
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
      return this.ticket(ticketId);
    },

    async listOrders(query: { status?: OrderStatus; site?: number; user?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = 'admin-orders';
      const after = afterId(kind, query.cursor);
      const rows = await db
        .select({ order: orders, email: users.email })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            // `refunded` is a paid order with a refund; `paid` then means paid and not refunded.
            query.status === 'refunded'
              ? and(eq(orders.status, 'paid'), isNotNull(orders.refundedAt))
              : query.status === 'paid'
                ? and(eq(orders.status, 'paid'), isNull(orders.refundedAt))
                : query.status
                  ? eq(orders.status, query.status)
                  : undefined,
            query.site ? eq(orders.siteId, query.site) : undefined,
            query.user ? eq(orders.userId, query.user) : undefined,
            after !== undefined ? lt(orders.id, after) : undefined,
          ),
        )
        .orderBy(desc(orders.id))
        .limit(limit + 1);
      return {
        orders: rows.slice(0, limit).map((row) => toAdminOrder(row.order, row.email, null)),
        next_cursor: nextOf(rows, limit, kind, (row) => row.order.id),
      };
    },

    async order(orderId: number) {
      const row = await requireOrder(orderId);
      return { order: toAdminOrder(row.order, row.email, row.order.status) };
    },

    /** Refunds the order's unused credits through the payments service (ledger first, then the provider). */
    async refund(actor: AuditActor, orderId: number) {
      const before = await requireOrder(orderId);
      if (before.order.status !== 'paid' || before.order.userId === null)
        throw new AppError(409, 'order_not_refundable');
      await deps.refunds.refund({ refundDays: STAFF_REFUND_DAYS }, before.order.userId, orderId);
      const after = await requireOrder(orderId);
      await recordAudit(db, actor, {
        action: 'order.refund',
        targetType: 'order',
        targetId: orderId,
        before: { refunded_credits: before.order.refundedCredits, refunded_minor: before.order.refundedMinor },
        after: {
          refunded_credits: after.order.refundedCredits,
          refunded_minor: after.order.refundedMinor,
          provider_refund_id: after.order.providerRefundId,
        },
      });
      return { order: toAdminOrder(after.order, after.email, after.order.status) };
    },

    /** Webhooks that named no known payment or failed while handled, newest first. */
    async failedWebhooks(query: { cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const after = afterId('admin-webhooks', query.cursor);
      const rows = await db
        .select()
        .from(paymentWebhooks)
        .where(
          and(
            or(
              isNotNull(paymentWebhooks.error),
              eq(paymentWebhooks.outcome, 'unknown'),
              eq(paymentWebhooks.outcome, 'failed'),
            ),
            after !== undefined ? lt(paymentWebhooks.id, after) : undefined,
          ),
        )
        .orderBy(desc(paymentWebhooks.id))
        .limit(limit + 1);
      return {
        webhooks: rows.slice(0, limit).map((row) => ({
          id: row.id,
          provider: row.provider,
          provider_payment_id: row.providerPaymentId,
          outcome: row.outcome,
          error: row.error,
          received_at: row.receivedAt.toISOString(),
        })),
        next_cursor: nextOf(rows, limit, 'admin-webhooks', (row) => row.id),
      };
    },

    /** The last 30 UTC days, oldest first, every day present: one grouped query per series. */
    async dashboard(query: { site?: number }) {
      const today = new Date(Date.UTC(deps.now().getUTCFullYear(), deps.now().getUTCMonth(), deps.now().getUTCDate()));
      const from = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * 86_400_000);
      const day = (column: Parameters<typeof gte>[0]) =>
        sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const siteOfUsers = query.site ? eq(users.siteId, query.site) : undefined;
      const [signups, activations, purchases, messagesPerDay] = await Promise.all([
        db
          .select({ day: day(users.createdAt), count: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(and(gte(users.createdAt, from), siteOfUsers))
          .groupBy(sql`1`),
        db
          .select({ day: day(users.activatedAt), count: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(and(gte(users.activatedAt, from), siteOfUsers))
          .groupBy(sql`1`),
        db
          .select({
            day: day(orders.paidAt),
            currency: orders.currency,
            count: sql<number>`count(*)`.mapWith(Number),
            amount: sql<number>`sum(${orders.amountMinor})`.mapWith(Number),
          })
          .from(orders)
          .where(and(gte(orders.paidAt, from), query.site ? eq(orders.siteId, query.site) : undefined))
          .groupBy(sql`1`, orders.currency),
        firstMessageIdSince(from).then((firstId) =>
          db
            .select({ day: day(messages.createdAt), count: sql<number>`count(*)`.mapWith(Number) })
            .from(messages)
            .where(
              and(
                gte(messages.id, firstId),
                query.site
                  ? sql`exists (select 1 from profiles p where p.id = ${messages.senderProfileId} and p.site_id = ${query.site})`
                  : undefined,
              ),
            )
            .groupBy(sql`1`),
        ),
      ]);
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
        new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10),
      );
      const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));
      const signupsBy = byDay(signups);
      const activationsBy = byDay(activations);
      const messagesBy = byDay(messagesPerDay);
      return {
        days: days.map((key) => {
          const paid = purchases.filter((row) => row.day === key);
          return {
            day: key,
            signups: signupsBy.get(key) ?? 0,
            activations: activationsBy.get(key) ?? 0,
            purchases: paid.reduce((sum, row) => sum + row.count, 0),
            messages: messagesBy.get(key) ?? 0,
            revenue: Object.fromEntries(paid.map((row) => [row.currency, row.amount])),
          };
        }),
      };
    },

    async audit(query: { staff?: number; target?: string; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const after = afterId('admin-audit', query.cursor);
      const [targetType, targetId] = query.target?.split(':') ?? [];
      const rows = await db
        .select()
        .from(staffAuditLog)
        .where(
          and(
            query.staff ? eq(staffAuditLog.staffId, query.staff) : undefined,
            targetType
              ? and(eq(staffAuditLog.targetType, targetType), eq(staffAuditLog.targetId, targetId!))
              : undefined,
            after !== undefined ? lt(staffAuditLog.id, after) : undefined,
          ),
        )
        .orderBy(desc(staffAuditLog.id))
        .limit(limit + 1);
      return {
        entries: rows.slice(0, limit).map((row) => ({
          id: row.id,
          staff_id: row.staffId,
          staff_email: row.staffEmail,
          action: row.action,
          target_type: row.targetType,
          target_id: row.targetId,
          before: row.before,
          after: row.after,
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
        })),
        next_cursor: nextOf(rows, limit, 'admin-audit', (row) => row.id),
      };
    },
  };
}
export type AdminOperationsService = ReturnType<typeof createAdminOperationsService>;
