// The staff console (issue 14, docs/staff-console.md): staff accounts and their sessions (separate from members),
// the append-only audit log, member restrictions (suspension, ban), photo reviews and ticket replies.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BanReason, MemberRestrictionKind, StaffRole } from '@app/contracts';
import { photos } from './photos.ts';
import { tickets } from './tickets.ts';
import { users } from './users.ts';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** Argon2id (lib/credentials). */
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238, 30 s, 6 digits). */
    totpSecret: text('totp_secret').notNull(),
    /** The last time step a code was accepted for: a code is never accepted twice (replays refused). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull().default(0),
    /** A disabled account cannot log in; staff accounts are never deleted (the audit log names them). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_accounts_email_key').on(table.email),
    check('staff_accounts_role', sql`${table.role} in ('admin', 'moderator', 'support')`),
  ],
);
export type StaffAccountRow = typeof staffAccounts.$inferSelect;

/** Staff sessions: only the SHA-256 of the `staff_sid` cookie token is kept; 8 hours absolute, 30 minutes idle. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('staff_sessions_token_hash_key').on(table.tokenHash),
    index('staff_sessions_staff_idx').on(table.staffId),
    index('staff_sessions_expires_idx').on(table.expiresAt),
  ],
);
export type StaffSessionRow = typeof staffSessions.$inferSelect;

/**
 * Every staff action: who, what, on what, the state before and after. Append-only: the code only inserts, and a
 * trigger (migration) refuses UPDATE and DELETE. `staff_id` has no foreign key so nothing can cascade into it.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The admin list pages newest first by id; by staff member, and by target.
    index('staff_audit_log_staff_idx').on(table.staffId, table.id),
    index('staff_audit_log_target_idx').on(table.targetType, table.targetId, table.id),
  ],
);
export type StaffAuditRow = typeof staffAuditLog.$inferSelect;

/** A member's suspension (until a date) or ban; one row per member, removed by unban. Member login checks it. */
export const memberRestrictions = pgTable(
  'member_restrictions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MemberRestrictionKind>().notNull(),
    reason: text('reason').$type<BanReason>().notNull(),
    /** End of a suspension; null for a ban. */
    until: timestamp('until', { withTimezone: true }),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('member_restrictions_kind', sql`${table.kind} in ('suspended', 'banned')`)],
);
export type MemberRestrictionRow = typeof memberRestrictions.$inferSelect;

/** A photo staff approved (rejected photos are deleted, the rejection stays in the audit log). No row: new. */
export const photoReviews = pgTable('photo_reviews', {
  photoId: integer('photo_id')
    .primaryKey()
    .references(() => photos.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff answers to a ticket, as mailed to the ticket's address. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_replies_ticket_idx').on(table.ticketId, table.id)],
);
