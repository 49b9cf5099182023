// The swipe game: what a member swiped (never shown again) and the likes used per UTC day (SPEC 9: 4 a day).
import { date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './users.ts';

export const swipes = pgTable(
  'swipes',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetProfileId: integer('target_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    action: text('action').$type<'like' | 'skip'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.targetProfileId] })],
);

/** One counter row per member and day; incremented with a conditional upsert so the limit holds under concurrency. */
export const swipeDays = pgTable(
  'swipe_days',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** UTC calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    likes: smallint('likes').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.day] })],
);
