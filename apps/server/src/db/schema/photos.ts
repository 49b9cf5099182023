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
