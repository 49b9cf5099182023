// GDPR exports (issue 14, docs/data-export.md): a member's "Download my data" request, built as a zip by the job
// queue, kept privately in storage and offered by a signed link until it expires; then the file is deleted.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<DataExportStatus>().notNull().default('pending'),
    /** The zip in storage (under private/, never served at /uploads); null until built and after expiry. */
    fileKey: text('file_key'),
    size: integer('size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** The link stops working and the file is deleted after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    // One request per 24 hours: the member's latest request.
    index('data_exports_user_idx').on(table.userId, table.createdAt),
    // The expiry job: files past their time.
    index('data_exports_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.fileKey} is not null`),
    check('data_exports_status', sql`${table.status} in ('pending', 'ready', 'failed', 'expired')`),
  ],
);
export type DataExportRow = typeof dataExports.$inferSelect;
