// A named secret every instance shares: read from the database, created there by whichever instance starts first.
// lib owns `app_secrets`: every secret, the push plugin's VAPID keys included, is stored through this file.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

const SECRET_BYTES = 32;

/** The stored value of the secret `name`, stored as `create()` made it unless an instance stored one already. */
export async function loadOrCreateSecret(db: Database, name: string, create: () => string): Promise<string> {
  // Instances starting together may both insert: the first wins, the others keep its value.
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}

export async function loadSharedSecret(db: Database, name: string): Promise<Buffer> {
  const value = await loadOrCreateSecret(db, name, () => randomBytes(SECRET_BYTES).toString('base64url'));
  return Buffer.from(value, 'base64url');
}
