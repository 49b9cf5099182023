// Screenings as the staff console reads them (docs/safety.md): those of some selfies or chat photos, by id. Read only.
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { photoScreenings, type PhotoScreeningRow } from '../../db/schema/index.ts';

const refColumn = { chat: photoScreenings.messageId, selfie: photoScreenings.verificationId } as const;

/** The screenings of these verification selfies or chat photos, by the verification's or message's id. */
export async function listScreeningsOf(
  executor: Executor,
  source: 'chat' | 'selfie',
  ids: number[],
): Promise<Map<number, PhotoScreeningRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select().from(photoScreenings).where(inArray(refColumn[source], ids));
  return new Map(rows.map((row) => [(source === 'chat' ? row.messageId : row.verificationId)!, row]));
}
