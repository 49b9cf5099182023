// Drizzle queries on the development mailbox.
import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { devMailbox, type DevMailRow } from '../../db/schema/index.ts';

export function createMailRepository(db: Executor) {
  return {
    async insert(values: typeof devMailbox.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(devMailbox).values(values);
    },
    async listNewest(limit: number, tx: Executor = db): Promise<DevMailRow[]> {
      return tx.select().from(devMailbox).orderBy(desc(devMailbox.createdAt), desc(devMailbox.id)).limit(limit);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
