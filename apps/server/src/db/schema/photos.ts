// Member photos: re-encoded files under DATA_DIR/uploads (keys stored here), one main photo per profile.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profiles } from './users.ts';

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Storage key of the large JPEG, e.g. `photos/ab/<uuid>.jpg` (served at /uploads/<key>). */
    fileKey: text('file_key').notNull(),
    /** Storage key of the square thumbnail. */
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Only the owner and premium members see private photos. */
    isPrivate: boolean('is_private').notNull().default(false),
    isMain: boolean('is_main').notNull().default(false),
    /**
     * Held for staff review (docs/safety.md): the site holds photos that may be explicit. A held photo is private and
     * shown to nobody but its owner and staff until a moderator approves it (then it is public again) or rejects it.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('photos_profile_idx').on(table.profileId, table.id),
    // At most one main photo per profile; card queries join on it.
    uniqueIndex('photos_main_key')
      .on(table.profileId)
      .where(sql`${table.isMain}`),
  ],
);
export type PhotoRow = typeof photos.$inferSelect;

/**
 * Photo verification (docs/verification.md): the member is shown a pose, uploads a selfie copying it, staff compare it
 * with the profile photos and decide. The selfie (under private/, never served to members) is deleted with the decision:
 * `selfie_key` is null from then on. One open request (started or pending) per profile.
 */
export const photoVerifications = pgTable(
  'photo_verifications',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The pose the site asked for (packages/contracts/src/verification.ts), chosen by the server. */
    pose: text('pose').notNull(),
    status: text('status').$type<'started' | 'pending' | 'approved' | 'rejected'>().notNull().default('started'),
    selfieKey: text('selfie_key'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('photo_verifications_profile_idx').on(table.profileId, table.id),
    uniqueIndex('photo_verifications_open_key')
      .on(table.profileId)
      .where(sql`${table.status} in ('started', 'pending')`),
    // The staff queue: pending selfies, oldest first.
    index('photo_verifications_pending_idx')
      .on(table.submittedAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);
export type PhotoVerificationRow = typeof photoVerifications.$inferSelect;
