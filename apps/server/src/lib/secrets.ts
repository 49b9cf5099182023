// A named secret every instance shares: read from the database, created there by whichever instance starts first.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

const SECRET_BYTES = 32;

export async function loadSharedSecret(db: Database, name: string): Promise<Buffer> {
  // Instances starting together may both insert: the first wins, the others keep its value.
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(SECRET_BYTES).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return Buffer.from(row.value, 'base64url');
}
