// Secrets every instance of the app shares (the cursor signing key), created once on first start.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  /** base64url of random bytes. */
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
