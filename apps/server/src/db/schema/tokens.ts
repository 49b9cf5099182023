// Single-use tokens of e-mailed links (activation, password reset, e-mail change, reactivation); only their hash is stored.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type AccountTokenPurpose = 'activation' | 'password_reset' | 'email_change' | 'reactivation';

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** The address an e-mail change confirms. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_key').on(table.tokenHash),
    index('account_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    // The hourly cleanup deletes tokens expired, or used, a week ago: one index for each half of its OR.
    index('account_tokens_expires_idx').on(table.expiresAt),
    index('account_tokens_used_idx')
      .on(table.usedAt)
      .where(sql`${table.usedAt} is not null`),
  ],
);
export type AccountTokenRow = typeof accountTokens.$inferSelect;
