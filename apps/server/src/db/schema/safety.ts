// Safety (docs/safety.md): what the image classifier made of each uploaded photo, and each member's choice of which
// chat photos that may be explicit arrive blurred. Scores go with the photo, message or selfie they describe.
import { sql } from 'drizzle-orm';
import type { FACE_CHECKS, RiskSignalName } from '@app/contracts';
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
import { profiles, users } from './users.ts';

/** What was screened: a profile photo, a chat photo or a verification selfie (exactly one reference is set). */
export type ScreeningSource = 'profile' | 'chat' | 'selfie';
/** `scored`: the classifier answered; `failed`: it could not (broken file, model not loaded): staff review it. */
export type ScreeningStatus = 'scored' | 'failed';
/** The classifier's probabilities per label (nsfwjs: drawing, hentai, neutral, porn, sexy), each 0..1. */
export type ScreeningLabels = Record<string, number>;
/**
 * Verification selfies: how their face compared with the profile photos' (docs/safety.md, "Face similarity").
 * `compared`: a similarity is stored; `no_face_in_selfie` / `no_face_in_photos`: nothing to compare; `unavailable`:
 * the face model did not load or could not read a photo.
 */
export type FaceCheck = (typeof FACE_CHECKS)[number];

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
    /**
     * Profile photos: a 64-bit perceptual hash (pHash, sharp-phash), compared across the accounts of every site to find
     * a photo another account already uses (docs/safety.md, "Risk"); null for chat photos and selfies.
     */
    phash: bigint('phash', { mode: 'bigint' }),
    /** Selfies: the face comparison's outcome, and the best similarity (0..1) with the profile photo it names. */
    faceCheck: text('face_check').$type<FaceCheck>(),
    faceSimilarity: real('face_similarity'),
    facePhotoId: integer('face_photo_id'),
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

/** One risk signal's finding (docs/safety.md, "Risk"): its points and the evidence a moderator reads. */
export type RiskSignal = {
  signal: RiskSignalName;
  points: number;
  at: string;
  evidence: Record<string, unknown>;
};

/**
 * A member's risk (docs/safety.md, "Risk"): the signals found since a moderator last cleared them, their score, and
 * whether the member's messages to partners who never answered are held.
 */
export const memberRisk = pgTable(
  'member_risk',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    score: integer('score').notNull().default(0),
    signals: jsonb('signals').$type<Partial<Record<RiskSignal['signal'], RiskSignal>>>().notNull().default({}),
    isHeld: boolean('is_held').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
  },
  (table) => [
    // The console's Risk queue: highest score first.
    index('member_risk_queue_idx')
      .on(table.score, table.userId)
      .where(sql`${table.score} > 0`),
  ],
);
export type MemberRiskRow = typeof memberRisk.$inferSelect;

/**
 * A similarity hash (64-bit simhash of the normalised text) of each text message, kept one day: the same or nearly the
 * same text sent to many members within an hour is a signal.
 */
export const messageFingerprints = pgTable(
  'message_fingerprints',
  {
    id: serial('id').primaryKey(),
    senderProfileId: integer('sender_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientProfileId: integer('recipient_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    simhash: bigint('simhash', { mode: 'bigint' }).notNull(),
    /** The text as sent (evidence for the moderator), at most 500 characters. */
    sample: text('sample').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('message_fingerprints_sender_idx').on(table.senderProfileId, table.createdAt)],
);
