// Member reports (issue 14): a member reports a member, one of their photos or a message; staff work the queue.
// A report is never shown to the reported member.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportReason, ReportStatus, ReportTarget } from '@app/contracts';
import { messages } from './chats.ts';
import { photos } from './photos.ts';
import { sites } from './sites.ts';
import { profiles } from './users.ts';

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Null once the reporter's account is purged (the report stays for the books). */
    reporterProfileId: integer('reporter_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    reportedProfileId: integer('reported_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    target: text('target').$type<ReportTarget>().notNull(),
    /** The reported photo (target 'photo'); null when the photo is gone. */
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** The reported message (target 'message'); null when the message is gone. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    /** The reporter's words (required for 'other'). */
    remarks: text('remarks'),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    /** The staff account that closed it, and what it decided (issue 14's console). */
    handledByStaffId: integer('handled_by_staff_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The staff queue: a status's reports, oldest first (or newest), paged by (created_at, id); across sites too.
    index('reports_status_idx').on(table.status, table.createdAt, table.id),
    index('reports_site_status_idx').on(table.siteId, table.status, table.createdAt, table.id),
    // Everything reported about a member (the console's member page), and what a member reported.
    index('reports_reported_idx').on(table.reportedProfileId, table.createdAt),
    index('reports_reporter_idx').on(table.reporterProfileId, table.createdAt),
    // A photo's open reports (the console's photo queue counts them).
    index('reports_photo_idx').on(table.photoId, table.status),
    index('reports_message_idx').on(table.messageId),
    check('reports_target', sql`${table.target} in ('profile', 'photo', 'message')`),
    check(
      'reports_reason',
      sql`${table.reason} in ('fake_profile', 'inappropriate_photo', 'harassment', 'scam_spam', 'underage', 'other')`,
    ),
    check('reports_status', sql`${table.status} in ('open', 'actioned', 'dismissed')`),
  ],
);
