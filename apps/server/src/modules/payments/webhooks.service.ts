// The provider's webhook: only the payment id is trusted, the payment is read from the provider, and under the order
// row's lock a paid order is credited once, makes the member premium and is receipted (order-settlement.ts).
import { settleOrder, type WebhooksDeps } from './order-settlement.ts';

export { createReceipts, type Receipts } from './receipts.ts';

/** What a webhook came to; `error`: it failed (answered 500, and the provider calls again). */
export const WEBHOOK_OUTCOMES = ['credited', 'charged_back', 'updated', 'unchanged', 'unknown', 'error'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** Our order of the provider's payment, claimed by the order its metadata names when the create call's answer is late. */
async function findOrderOf(deps: WebhooksDeps, paymentId: string, metadataOrderId: number | undefined) {
  const { repo, provider } = deps;
  const known = await repo.findOrderIdByPayment(provider.name, paymentId);
  // The webhook can arrive before the create call's answer was stored: the provider's metadata names the order.
  if (!known && metadataOrderId) return repo.claimPaymentId(metadataOrderId, provider.name, paymentId);
  return known;
}

/**
 * A provider's webhook: only the payment id is trusted; the payment is read from the provider. A paid order is
 * credited once (the order row's lock, and the ledger's idempotency key `order:<id>`), however often the webhook
 * comes; an unknown id changes nothing.
 */
async function handleWebhook(deps: WebhooksDeps, paymentId: string): Promise<Exclude<WebhookOutcome, 'error'>> {
  const { repo, provider } = deps;
  const record = async (outcome: string, error?: string) => {
    await repo.recordWebhook({
      provider: provider.name,
      providerPaymentId: paymentId.slice(0, 100),
      outcome,
      error: error ?? null,
    });
  };
  const payment = await provider.getPayment(paymentId);
  if (!payment) {
    await record('unknown', 'provider has no such payment');
    return 'unknown';
  }
  const known = await findOrderOf(deps, paymentId, payment.metadata.orderId);
  if (!known) {
    await record('unknown');
    return 'unknown';
  }
  let outcome: Awaited<ReturnType<typeof settleOrder>>;
  try {
    outcome = await settleOrder(deps, known.id, { ...payment, requestedId: paymentId });
  } catch (error) {
    // Staff see failed webhooks; the provider calls again on a non-2xx answer.
    await record('error', error instanceof Error ? error.message : String(error));
    throw error;
  }
  await record(outcome);
  return outcome;
}

export function createWebhooksService(deps: WebhooksDeps) {
  // Each outcome's series exists from the start, so a first error is an increase from 0 (the alerts read increases).
  for (const outcome of WEBHOOK_OUTCOMES) deps.outcomes.inc({ outcome }, 0);
  return {
    /** The webhook, its outcome counted (an error too: the provider unreachable, a failed crediting). */
    async handleWebhook(paymentId: string): Promise<Exclude<WebhookOutcome, 'error'>> {
      try {
        const outcome = await handleWebhook(deps, paymentId);
        deps.outcomes.inc({ outcome });
        return outcome;
      } catch (error) {
        deps.outcomes.inc({ outcome: 'error' });
        throw error;
      }
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
