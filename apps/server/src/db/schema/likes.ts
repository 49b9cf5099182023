// Likes between profiles and the matches that mutual likes make (one row per pair).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './users.ts';

export const likes = pgTable(
  'likes',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetProfileId: integer('target_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The liked member has not opened the liker's profile since (SPEC: like_new). */
    isNew: boolean('is_new').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.targetProfileId] }),
    // "Who likes me", new likes first.
    index('likes_target_idx').on(table.targetProfileId, table.isNew, table.createdAt, table.profileId),
    index('likes_profile_created_idx').on(table.profileId, table.createdAt),
    check('likes_not_self', sql`${table.profileId} <> ${table.targetProfileId}`),
  ],
);
export type LikeRow = typeof likes.$inferSelect;

/** A match: both like each other. The pair is stored ordered (low < high) so it exists at most once. */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    lowProfileId: integer('low_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    highProfileId: integer('high_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When each side saw the match moment (docs/members.md, "The match moment"): the liker at once (the like's answer),
     * the other live on the socket or on their next visit (GET /api/match-moments.php). Null: not seen yet.
     */
    lowSeenAt: timestamp('low_seen_at', { withTimezone: true }),
    highSeenAt: timestamp('high_seen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('matches_pair_key').on(table.lowProfileId, table.highProfileId),
    index('matches_high_idx').on(table.highProfileId, table.lowProfileId),
    // A member's unseen moments, for either side of the pair.
    index('matches_low_unseen_idx')
      .on(table.lowProfileId, table.id)
      .where(sql`${table.lowSeenAt} is null`),
    index('matches_high_unseen_idx')
      .on(table.highProfileId, table.id)
      .where(sql`${table.highSeenAt} is null`),
    check('matches_ordered_pair', sql`${table.lowProfileId} < ${table.highProfileId}`),
  ],
);
export type MatchRow = typeof matches.$inferSelect;
