// Safety (docs/safety.md): what the image classifier made of each uploaded photo, and each member's choice of which
// chat photos that may be explicit arrive blurred. Scores go with the photo, message or selfie they describe.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { messages } from './chats.ts';
import { photos, photoVerifications } from './photos.ts';
import { users } from './users.ts';

/** What was screened: a profile photo, a chat photo or a verification selfie (exactly one reference is set). */
export type ScreeningSource = 'profile' | 'chat' | 'selfie';
/** `scored`: the classifier answered; `failed`: it could not (broken file, model not loaded): staff review it. */
export type ScreeningStatus = 'scored' | 'failed';
/** The classifier's probabilities per label (nsfwjs: drawing, hentai, neutral, porn, sexy), each 0..1. */
export type ScreeningLabels = Record<string, number>;

export const photoScreenings = pgTable(
  'photo_screenings',
  {
    id: serial('id').primaryKey(),
    source: text('source').$type<ScreeningSource>().notNull(),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    verificationId: integer('verification_id').references(() => photoVerifications.id, { onDelete: 'cascade' }),
    status: text('status').$type<ScreeningStatus>().notNull(),
    /** The probability that the photo is explicit (porn + hentai), 0..1; null when scoring failed. */
    score: real('score'),
    isExplicit: boolean('is_explicit').notNull().default(false),
    labels: jsonb('labels').$type<ScreeningLabels>().notNull().default({}),
    /** The classifier that scored it (e.g. `nsfwjs-mobilenet_v2`), or why it failed. */
    model: text('model').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('photo_screenings_photo_key').on(table.photoId),
    uniqueIndex('photo_screenings_message_key').on(table.messageId),
    uniqueIndex('photo_screenings_verification_key').on(table.verificationId),
    // The moderation queue's order: most likely explicit first.
    index('photo_screenings_score_idx').on(table.score, table.id),
    check(
      'photo_screenings_one_ref',
      sql`num_nonnulls(${table.photoId}, ${table.messageId}, ${table.verificationId}) = 1`,
    ),
  ],
);
export type PhotoScreeningRow = typeof photoScreenings.$inferSelect;

/** Which chat photos that may be explicit arrive blurred for this member. */
export type ChatPhotoBlur = 'everyone' | 'unmatched' | 'never';

/** One row per member who changed a choice or was told something; no row means the defaults. */
export const safetySettings = pgTable('safety_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatPhotoBlur: text('chat_photo_blur').$type<ChatPhotoBlur>().notNull().default('unmatched'),
  /** When the member, as a sender, was told that photos that may be explicit arrive blurred (told once). */
  blurNoticeAt: timestamp('blur_notice_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SafetySettingsRow = typeof safetySettings.$inferSelect;
