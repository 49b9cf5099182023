// Support tickets: complaints (/complaints) and contact requests (/pages/service), kept for staff (docs/content.md).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './payments.ts';
import { sites } from './sites.ts';
import { users } from './users.ts';

export type TicketKindValue = 'complaint' | 'contact';
export type TicketStatusValue = 'open' | 'answered' | 'closed';

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TicketKindValue>().notNull(),
    /** The member who wrote it; null for a visitor, and once the account is purged (the ticket stays for the books). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the answer goes: the visitor's address, or the member's address when the ticket was written. */
    email: text('email').notNull(),
    /** The language the confirmation went out in, and the one staff answer in. */
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The order a complaint is about (only the member's own orders are accepted). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status').$type<TicketStatusValue>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Staff lists (issue 14): a site's tickets by status, newest first, paged by (created_at, id).
    index('tickets_site_status_idx').on(table.siteId, table.status, table.createdAt, table.id),
    // A member's tickets, newest first.
    index('tickets_user_idx').on(table.userId, table.createdAt),
    // Everything one address wrote (staff answering a visitor; a member's tickets written before signup).
    index('tickets_email_idx').on(table.siteId, table.email, table.createdAt),
    index('tickets_order_idx').on(table.orderId),
    check('tickets_kind', sql`${table.kind} in ('complaint', 'contact')`),
    check('tickets_status', sql`${table.status} in ('open', 'answered', 'closed')`),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;
