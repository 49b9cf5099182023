// Drizzle queries on the tables payments owns: credit bundles, discount codes and their uses, orders, the provider's
// customers, direct-debit requests and blocks, and the webhook log. Nothing here reads or writes another module's table.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  creditBundles,
  directDebitBlocks,
  directDebitRequests,
  discountCodes,
  discountCodeUses,
  orders,
  paymentCustomers,
  paymentWebhooks,
  type CreditBundleRow,
  type DirectDebitRequestRow,
  type DiscountCodeRow,
  type OrderRow,
} from '../../db/schema/index.ts';

/** The order holding a discount's use. */
export type DiscountHolder = { orderId: number; userId: number | null; status: string };

type NewOrderRow = typeof orders.$inferInsert;
type NewDirectDebitRequestRow = typeof directDebitRequests.$inferInsert;

export function createPaymentsRepository(db: Executor) {
  /**
   * An order whose discount use still holds (SQL over `orders`): paid, pending, or open and created after `openSince`
   * (an open order's hold lapses).
   */
  const liveHold = (openSince: Date) =>
    sql`(${orders.status} in ('paid', 'pending') or (${orders.status} = 'open' and ${orders.createdAt} > ${openSince}))`;

  return {
    // --- Bundles

    /** A site's active bundles, in the order the pages show them. */
    async listActiveBundles(siteId: number): Promise<CreditBundleRow[]> {
      return db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.siteId, siteId), eq(creditBundles.isActive, true)))
        .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.credits));
    },

    async findActiveBundle(siteId: number, bundleId: number): Promise<CreditBundleRow | undefined> {
      const [row] = await db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.id, bundleId), eq(creditBundles.siteId, siteId), eq(creditBundles.isActive, true)))
        .limit(1);
      return row;
    },

    async findBundle(bundleId: number): Promise<CreditBundleRow | undefined> {
      const [row] = await db.select().from(creditBundles).where(eq(creditBundles.id, bundleId));
      return row;
    },

    // --- Discount codes and their uses

    /** The order holding the use of `scopeKey` (see discount_code_uses), if its hold is live. */
    async findDiscountHolder(scopeKey: string, openSince: Date, tx: Executor = db): Promise<DiscountHolder | null> {
      const [row] = await tx
        .select({ orderId: orders.id, userId: orders.userId, status: orders.status })
        .from(discountCodeUses)
        .innerJoin(orders, eq(orders.id, discountCodeUses.orderId))
        .where(and(eq(discountCodeUses.scopeKey, scopeKey), liveHold(openSince)))
        .limit(1);
      return row ?? null;
    },

    /** A site's code by its name, matched case-insensitively (codes are stored upper-case). */
    async findCodeByName(siteId: number, code: string, tx: Executor = db): Promise<DiscountCodeRow | null> {
      const [row] = await tx
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.siteId, siteId), sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`))
        .limit(1);
      return row ?? null;
    },

    /** A site's active welcome codes, the largest discount first. */
    async listActiveWelcomeCodes(siteId: number, tx: Executor = db): Promise<DiscountCodeRow[]> {
      return tx
        .select()
        .from(discountCodes)
        .where(
          and(eq(discountCodes.siteId, siteId), eq(discountCodes.isWelcome, true), eq(discountCodes.status, 'active')),
        )
        .orderBy(desc(discountCodes.valuePercentage));
    },

    /** Deletes the use of `scopeKey` whose hold lapsed (deleting locks the row, so concurrent takers queue behind it). */
    async deleteLapsedUse(scopeKey: string, openSince: Date, tx: Executor): Promise<void> {
      await tx
        .delete(discountCodeUses)
        .where(
          and(
            eq(discountCodeUses.scopeKey, scopeKey),
            sql`not exists (select 1 from ${orders} where ${orders.id} = ${discountCodeUses.orderId} and ${liveHold(openSince)})`,
          ),
        );
    },

    /** Records a use; false when another use holds its scope (unique scope_key). */
    async insertUse(
      use: { discountCodeId: number | null; code: string; userId: number; orderId: number; scopeKey: string | null },
      tx: Executor,
    ): Promise<boolean> {
      const [reserved] = await tx
        .insert(discountCodeUses)
        .values(use)
        .onConflictDoNothing()
        .returning({ id: discountCodeUses.id });
      return reserved !== undefined;
    },

    async hasUseOfOrder(orderId: number, tx: Executor): Promise<boolean> {
      const [own] = await tx
        .select({ id: discountCodeUses.id })
        .from(discountCodeUses)
        .where(eq(discountCodeUses.orderId, orderId))
        .limit(1);
      return own !== undefined;
    },

    async deleteUsesOfOrder(orderId: number, tx: Executor): Promise<void> {
      await tx.delete(discountCodeUses).where(eq(discountCodeUses.orderId, orderId));
    },

    // --- Orders

    async insertOrder(values: NewOrderRow, tx: Executor): Promise<OrderRow> {
      const [row] = await tx.insert(orders).values(values).returning();
      return row!;
    },

    /** Fails an order whose payment never started (open or pending, no provider payment); false when it had one. */
    async failUnstartedOrder(orderId: number, tx: Executor): Promise<boolean> {
      const [failed] = await tx
        .update(orders)
        .set({ status: 'failed' })
        .where(
          and(
            eq(orders.id, orderId),
            sql`${orders.status} in ('open', 'pending')`,
            sql`${orders.providerPaymentId} is null`,
          ),
        )
        .returning({ id: orders.id });
      return failed !== undefined;
    },

    async updateOrder(orderId: number, values: Partial<NewOrderRow>, tx: Executor = db): Promise<OrderRow | undefined> {
      const [row] = await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning();
      return row;
    },

    async findOrder(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** The order, locked for the rest of the transaction. */
    async lockOrder(orderId: number, tx: Executor): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    /** The member's own order (locked when `lock`), or undefined. */
    async findOwnOrder(
      userId: number,
      orderId: number,
      options: { tx?: Executor; lock?: boolean } = {},
    ): Promise<OrderRow | undefined> {
      const query = (options.tx ?? db)
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      const [row] = options.lock ? await query.for('update') : await query.limit(1);
      return row;
    },

    /** The member's latest orders, newest first (at most 100). */
    async listOwnOrders(userId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100);
    },

    /** The member's last paid order. */
    async findLastPaidOrder(userId: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.paidAt))
        .limit(1);
      return row;
    },

    /** Our order of the provider's payment. */
    async findOrderIdByPayment(provider: string, paymentId: string): Promise<{ id: number } | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, paymentId)))
        .limit(1);
      return row;
    },

    /** Gives the order of this provider its payment id, unless it has one already. */
    async claimPaymentId(orderId: number, provider: string, paymentId: string): Promise<{ id: number } | undefined> {
      const [row] = await db
        .update(orders)
        .set({ providerPaymentId: paymentId })
        .where(and(eq(orders.id, orderId), eq(orders.provider, provider), sql`${orders.providerPaymentId} is null`))
        .returning({ id: orders.id });
      return row;
    },

    /** The member's direct debits: how many are unsettled, and the sum of those on their way or paid since `since`. */
    async directDebitUsage(
      userId: number,
      since: Date,
      tx: Executor = db,
    ): Promise<{ pending: number; total: number }> {
      const [usage] = await tx
        .select({
          pending: sql<number>`count(*) filter (where ${orders.status} in ('open', 'pending'))`.mapWith(Number),
          total:
            sql<number>`coalesce(sum(${orders.amountMinor}) filter (where ${orders.status} in ('open', 'pending', 'paid') and ${orders.createdAt} >= ${since}), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.method, 'sdd')));
      return { pending: usage?.pending ?? 0, total: usage?.total ?? 0 };
    },

    // --- The provider's customers

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

    // --- Direct debit

    async isDirectDebitBlocked(userId: number, tx: Executor = db): Promise<boolean> {
      const [blocked] = await tx.select().from(directDebitBlocks).where(eq(directDebitBlocks.userId, userId)).limit(1);
      return blocked !== undefined;
    },

    async blockDirectDebit(userId: number, reason: string, tx: Executor): Promise<void> {
      await tx.insert(directDebitBlocks).values({ userId, reason }).onConflictDoNothing();
    },

    async insertDirectDebitRequest(values: NewDirectDebitRequestRow): Promise<DirectDebitRequestRow> {
      const [row] = await db.insert(directDebitRequests).values(values).returning();
      return row!;
    },

    async updateDirectDebitRequest(
      id: number,
      values: Partial<NewDirectDebitRequestRow>,
    ): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db.update(directDebitRequests).set(values).where(eq(directDebitRequests.id, id)).returning();
      return row;
    },

    /** The member's request still waiting for its code. */
    async findAwaitingDirectDebit(userId: number, id: number): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(directDebitRequests)
        .where(
          and(
            eq(directDebitRequests.id, id),
            eq(directDebitRequests.userId, userId),
            eq(directDebitRequests.status, 'awaiting_code'),
          ),
        )
        .limit(1);
      return row;
    },

    /** A new code: counted as sent, its tries reset. */
    async renewDirectDebitCode(
      id: number,
      code: { codeHash: string; codeExpiresAt: Date; resendAt: Date },
    ): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db
        .update(directDebitRequests)
        .set({ ...code, attempts: 0, sentCount: sql`${directDebitRequests.sentCount} + 1` })
        .where(eq(directDebitRequests.id, id))
        .returning();
      return row;
    },

    /**
     * Takes one of the code's tries in one conditional UPDATE (the row's lock): undefined when the request is not the
     * member's, not awaiting its code, out of tries or expired.
     */
    async takeDirectDebitTry(
      userId: number,
      id: number,
      maxAttempts: number,
      now: Date,
    ): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db
        .update(directDebitRequests)
        .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
        .where(
          and(
            eq(directDebitRequests.id, id),
            eq(directDebitRequests.userId, userId),
            eq(directDebitRequests.status, 'awaiting_code'),
            sql`${directDebitRequests.attempts} < ${maxAttempts}`,
            sql`${directDebitRequests.codeExpiresAt} > ${now}`,
          ),
        )
        .returning();
      return row;
    },

    /** Claims the request once (submitted, the IBAN kept masked); false when another confirmation claimed it. */
    async claimDirectDebitRequest(id: number, maskedIban: string, tx: Executor): Promise<boolean> {
      const [claimed] = await tx
        .update(directDebitRequests)
        .set({ status: 'submitted', iban: maskedIban })
        .where(and(eq(directDebitRequests.id, id), eq(directDebitRequests.status, 'awaiting_code')))
        .returning({ id: directDebitRequests.id });
      return claimed !== undefined;
    },

    // --- Webhooks

    async recordWebhook(entry: { provider: string; providerPaymentId: string; outcome: string; error: string | null }) {
      await db.insert(paymentWebhooks).values(entry);
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
