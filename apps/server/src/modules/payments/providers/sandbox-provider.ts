// The built-in sandbox provider, the default without a provider key: a hosted checkout on this server that behaves
// like a provider's test mode (the tester picks paid, failed, canceled, expired, or leaves it open) and calls the
// webhook the way a provider does (a POST with only the payment id), so the whole purchase flow runs with nothing set up.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { sandboxPayments, type OrderStatusValue } from '../../../db/schema/index.ts';
import type { CreatePaymentInput, PaymentProvider, ProviderPayment } from './payment-provider.ts';

export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled', 'expired'] as const;
/** The test cards: a card payment paid on the checkout saves SANDBOX_CARD; repeats on DECLINING_LAST4 fail, as a bank would. */
export const SANDBOX_CARD = { brand: 'Visa', last4: '4242' };
export const DECLINING_LAST4 = '0002';
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export type SandboxProvider = PaymentProvider & {
  /** What the checkout page shows. */
  find(id: string): Promise<typeof sandboxPayments.$inferSelect | null>;
  /** The tester's choice on the checkout page: the payment moves, the webhook is called; answers where to send the browser. */
  complete(id: string, outcome: SandboxOutcome): Promise<string | null>;
  /** A tester's chargeback of a paid payment (its whole amount), announced by webhook; false when not paid. */
  chargeBack(id: string): Promise<boolean>;
};

type SandboxDeps = {
  db: Database;
  /** Calls a webhook URL with the payment id (a form POST), as a provider would. */
  callWebhook: (url: string, paymentId: string) => Promise<void>;
  /** A direct debit settles (paid) this long after it was submitted, as a bank's would days later; 0: only by hand. */
  directDebitSettleMs?: number;
};
type SandboxRow = typeof sandboxPayments.$inferSelect;
type RepeatOutcome = { status: OrderStatusValue; card: { brand: string | null; last4: string | null } };

function toPayment(row: SandboxRow): ProviderPayment {
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    metadata: row.metadata as { orderId?: number },
    // On the site itself (a relative URL): the sandbox is part of every site.
    checkoutUrl:
      row.status === 'open' && row.sequenceType !== 'recurring' && row.method !== 'directdebit'
        ? `/api/sandbox-checkout.php?id=${row.id}`
        : null,
    mandateId: row.mandateId,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    chargedBackMinor: row.chargedBackMinor,
  };
}

/** A repeat on a saved card: no checkout, the bank answers at once (paid, or failed on the declining card). */
async function repeatOutcomeOf(db: Database, mandateId: string | undefined): Promise<RepeatOutcome> {
  const [first] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.mandateId, mandateId ?? ''), eq(sandboxPayments.sequenceType, 'first')))
    .limit(1);
  const declines = !first || first.cardLast4 === DECLINING_LAST4;
  return {
    status: declines ? 'failed' : 'paid',
    card: { brand: first?.cardBrand ?? null, last4: first?.cardLast4 ?? null },
  };
}

async function insertPayment(
  db: Database,
  id: string,
  input: CreatePaymentInput,
  recurring: RepeatOutcome | null,
  isDirectDebit: boolean,
): Promise<SandboxRow> {
  const [row] = await db
    .insert(sandboxPayments)
    .values({
      id,
      amountMinor: input.amountMinor,
      currency: input.currency,
      description: input.description,
      method: input.method,
      redirectUrl: input.redirectUrl,
      webhookUrl: input.webhookUrl,
      metadata: input.metadata,
      customerId: input.customer?.id ?? null,
      sequenceType: input.customer?.sequence ?? 'oneoff',
      mandateId: input.customer?.sequence === 'recurring' ? (input.customer.mandateId ?? null) : null,
      ...(recurring
        ? { status: 'pending' as const, cardBrand: recurring.card.brand, cardLast4: recurring.card.last4 }
        : {}),
      ...(isDirectDebit ? { status: 'pending' as const } : {}),
    })
    .returning();
  return row!;
}

async function refundPayment(db: Database, paymentId: string, amountMinor: number) {
  const [row] = await db
    .update(sandboxPayments)
    .set({ refundedMinor: sql`${sandboxPayments.refundedMinor} + ${amountMinor}` })
    .where(
      and(
        eq(sandboxPayments.id, paymentId),
        eq(sandboxPayments.status, 'paid'),
        sql`${sandboxPayments.refundedMinor} + ${amountMinor} <= ${sandboxPayments.amountMinor}`,
      ),
    )
    .returning({ id: sandboxPayments.id });
  if (!row) throw new Error(`sandbox payment ${paymentId} cannot be refunded ${amountMinor}`);
  return { id: `re_${randomBytes(8).toString('base64url')}` };
}

/** The tester's choice: the payment moves (a first card payment paid saves the test card), the webhook is called. */
async function completePayment(deps: SandboxDeps, id: string, outcome: SandboxOutcome) {
  const [current] = await deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  if (!current) return null;
  // A first card payment that is paid leaves a mandate on the test card.
  const savesCard = outcome === 'paid' && current.sequenceType === 'first';
  const [row] = await deps.db
    .update(sandboxPayments)
    .set({
      status: outcome as OrderStatusValue,
      ...(savesCard
        ? {
            mandateId: `mdt_${randomBytes(8).toString('base64url')}`,
            cardBrand: SANDBOX_CARD.brand,
            cardLast4: SANDBOX_CARD.last4,
          }
        : {}),
    })
    .where(eq(sandboxPayments.id, id))
    .returning();
  if (!row) return null;
  await deps.callWebhook(row.webhookUrl, row.id);
  return row.redirectUrl;
}

export function createSandboxProvider(deps: SandboxDeps): SandboxProvider {
  return {
    name: 'sandbox',
    isTestMode: true,
    async createPayment(input: CreatePaymentInput) {
      const id = `sbx_${randomBytes(12).toString('base64url')}`;
      const isDirectDebit = input.method === 'directdebit';
      const recurring =
        input.customer?.sequence === 'recurring' && !isDirectDebit
          ? await repeatOutcomeOf(deps.db, input.customer.mandateId)
          : null;
      const row = await insertPayment(deps.db, id, input, recurring, isDirectDebit);
      if (isDirectDebit && deps.directDebitSettleMs) {
        setTimeout(() => {
          void this.complete(id, 'paid').catch(() => undefined);
        }, deps.directDebitSettleMs).unref();
      }
      if (recurring) {
        const outcome = recurring.status;
        // Like a provider: the result comes by webhook, after the create call answered.
        setImmediate(() => {
          void this.complete(id, outcome as SandboxOutcome).catch(() => undefined);
        });
      }
      return toPayment(row);
    },
    async createDirectDebitMandate() {
      return { id: `mdt_${randomBytes(8).toString('base64url')}` };
    },
    async createCustomer() {
      return { id: `cst_${randomBytes(8).toString('base64url')}` };
    },
    async getPayment(id: string) {
      const row = await this.find(id);
      return row ? toPayment(row) : null;
    },
    async refund(paymentId: string, amountMinor: number) {
      return refundPayment(deps.db, paymentId, amountMinor);
    },
    async find(id: string) {
      const [row] = await deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
      return row ?? null;
    },
    async chargeBack(id: string) {
      const [row] = await deps.db
        .update(sandboxPayments)
        .set({ chargedBackMinor: sql`${sandboxPayments.amountMinor}` })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'paid')))
        .returning();
      if (!row) return false;
      await deps.callWebhook(row.webhookUrl, row.id);
      return true;
    },
    async complete(id: string, outcome: SandboxOutcome) {
      return completePayment(deps, id, outcome);
    },
  };
}
