// Who viewed a member's profile (docs/visitors.md): one row per visited member, visitor and UTC day, kept 30 days.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { profiles } from './users.ts';

export const profileVisits = pgTable(
  'profile_visits',
  {
    visitedProfileId: integer('visited_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    visitorProfileId: integer('visitor_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The UTC day of the visit: a visitor is recorded once a day (the first visit of the day). */
    day: date('day', { mode: 'string' }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.visitedProfileId, table.visitorProfileId, table.day] }),
    // The visitors page: a member's visits, newest first (keyset on visited_at, visitor).
    index('profile_visits_visited_idx').on(table.visitedProfileId, table.visitedAt, table.visitorProfileId),
    // The member's own visits (data export) and the cascade of a deleted visitor.
    index('profile_visits_visitor_idx').on(table.visitorProfileId),
    // The retention job deletes what is older than 30 days.
    index('profile_visits_visited_at_idx').on(table.visitedAt),
    check('profile_visits_not_self', sql`${table.visitedProfileId} <> ${table.visitorProfileId}`),
  ],
);
export type ProfileVisitRow = typeof profileVisits.$inferSelect;
