// Page-bounce log rows written by the `?lb` beacon.
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';

export const pageBounces = pgTable(
  'page_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_bounces_site_created_idx').on(table.siteId, table.createdAt)],
);
