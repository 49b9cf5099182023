// What the provider tells us: the member's customer and saved card there, and the log of its webhooks.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentCustomers, paymentWebhooks } from '../../db/schema/index.ts';

export function createProviderRecordsRepository(db: Executor) {
  return {
    async findCustomer(userId: number) {
      const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)).limit(1);
      return row;
    },

    /** The member's customer at `provider` (a new one forgets the saved card). */
    async saveCustomer(userId: number, provider: string, customerId: string, now: Date): Promise<void> {
      await db
        .insert(paymentCustomers)
        .values({ userId, provider, customerId })
        .onConflictDoUpdate({
          target: paymentCustomers.userId,
          set: { provider, customerId, mandateId: null, cardBrand: null, cardLast4: null, updatedAt: now },
        });
    },

    /** The card (the provider's mandate) a first card payment saved. */
    async saveCard(
      userId: number,
      card: { mandateId: string; brand: string; last4: string; now: Date },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(paymentCustomers)
        .set({ mandateId: card.mandateId, cardBrand: card.brand, cardLast4: card.last4, updatedAt: card.now })
        .where(eq(paymentCustomers.userId, userId));
    },

    async recordWebhook(entry: { provider: string; providerPaymentId: string; outcome: string; error: string | null }) {
      await db.insert(paymentWebhooks).values(entry);
    },
  };
}
