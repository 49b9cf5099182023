// The credit ledger: append-only entries, and one balance row per member kept in step in the same transaction.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null once the member's account has been purged: entries stay, anonymised, for the books. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Positive adds credits, negative spends them. */
    amount: integer('amount').notNull(),
    /** Why: signup_bonus, purchase, message, gift, refund, ... */
    reason: text('reason').notNull(),
    /** What caused it, e.g. an order or message id. */
    reference: text('reference'),
    /** A replay with the same key changes nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_ledger_idempotency_key').on(table.idempotencyKey),
    index('credit_ledger_user_idx').on(table.userId, table.createdAt),
    check('credit_ledger_amount_nonzero', sql`${table.amount} <> 0`),
  ],
);
export type CreditLedgerRow = typeof creditLedger.$inferSelect;

export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    /**
     * Moves up by one with every change of the balance (under the row's lock, so in commit order): a copy of the balance
     * held elsewhere (the member view) takes a newer one only (docs/member-view.md).
     */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('credit_balances_balance_nonnegative', sql`${table.balance} >= 0`)],
);
