// Discount codes and their uses: a use holds its scope while its order is paid, pending or recently open.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { discountCodes, discountCodeUses, orders, type DiscountCodeRow } from '../../db/schema/index.ts';

/** The order holding a discount's use. */
export type DiscountHolder = { orderId: number; userId: number | null; status: string };

export function createDiscountUsesRepository(db: Executor) {
  /**
   * An order whose discount use still holds (SQL over `orders`): paid, pending, or open and created after `openSince`
   * (an open order's hold lapses).
   */
  const liveHold = (openSince: Date) =>
    sql`(${orders.status} in ('paid', 'pending') or (${orders.status} = 'open' and ${orders.createdAt} > ${openSince}))`;

  return {
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
  };
}
