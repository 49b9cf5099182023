// Blocks between profiles: a blocked member cannot see, like or contact the blocker, and neither lists the other.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './users.ts';

export const blocks = pgTable(
  'blocks',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedProfileId: integer('blocked_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.blockedProfileId] }),
    index('blocks_blocked_idx').on(table.blockedProfileId, table.profileId),
    check('blocks_not_self', sql`${table.profileId} <> ${table.blockedProfileId}`),
  ],
);
export type BlockRow = typeof blocks.$inferSelect;
