// Mollie through its official client: hosted checkout payments, read back by id for the webhook (docs/payments.md).
import createMollieClient, { type MollieClient, type Payment } from '@mollie/api-client';
import { fromDecimalAmount, toDecimalAmount } from '@app/contracts';
import type { OrderStatusValue } from '../../../db/schema/index.ts';
import type { CreatePaymentInput, PaymentProvider, ProviderPayment } from './payment-provider.ts';

/** Minor units as Mollie's amount string, with the currency's decimals ("12.34" EUR, "1234" JPY, "1.234" KWD). */
export function toMollieAmount(minor: number, currency: string): string {
  return toDecimalAmount(minor, currency);
}

/** Mollie's amount string as minor units; it has exactly the currency's decimals. */
export function fromMollieAmount(value: string, currency: string): number {
  const minor = fromDecimalAmount(value, currency);
  if (minor === null) throw new Error(`unexpected Mollie amount ${value} ${currency}`);
  return minor;
}

const STATUSES: Record<string, OrderStatusValue> = {
  open: 'open',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
};

function toPayment(payment: Payment): ProviderPayment {
  return {
    id: payment.id,
    status: STATUSES[payment.status] ?? 'pending',
    amountMinor: fromMollieAmount(payment.amount.value, payment.amount.currency),
    currency: payment.amount.currency,
    metadata: (payment.metadata ?? {}) as { orderId?: number },
    checkoutUrl: payment.getCheckoutUrl(),
    mandateId: payment.mandateId ?? null,
    card: cardOf(payment),
    chargedBackMinor: payment.amountChargedBack
      ? fromMollieAmount(payment.amountChargedBack.value, payment.amountChargedBack.currency)
      : 0,
  };
}

/** The card of a credit-card payment (Mollie's details: cardLabel "Visa", cardNumber "4242"). */
function cardOf(payment: Payment): { brand: string; last4: string } | null {
  const details = payment.details as { cardLabel?: string; cardNumber?: string } | undefined;
  return details?.cardLabel && details.cardNumber
    ? { brand: details.cardLabel, last4: details.cardNumber.slice(-4) }
    : null;
}

export function createMollieProvider(options: { apiKey: string; client?: MollieClient }): PaymentProvider {
  const client = options.client ?? createMollieClient({ apiKey: options.apiKey });
  return {
    name: 'mollie',
    isTestMode: options.apiKey.startsWith('test_'),
    async createPayment(input: CreatePaymentInput) {
      const payment = await client.payments.create({
        amount: { currency: input.currency, value: toMollieAmount(input.amountMinor, input.currency) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: input.method as never,
        metadata: input.metadata,
        ...(input.customer
          ? {
              customerId: input.customer.id,
              sequenceType: input.customer.sequence as never,
              ...(input.customer.mandateId ? { mandateId: input.customer.mandateId } : {}),
            }
          : {}),
      });
      return toPayment(payment);
    },
    async createDirectDebitMandate(customerId: string, account: { holder: string; iban: string }) {
      const mandate = await client.customerMandates.create({
        customerId,
        method: 'directdebit' as never,
        consumerName: account.holder,
        consumerAccount: account.iban,
      });
      return { id: mandate.id };
    },
    async createCustomer(input: { name: string; email: string }) {
      const customer = await client.customers.create({ name: input.name, email: input.email });
      return { id: customer.id };
    },
    async refund(paymentId: string, amountMinor: number, currency: string, description: string) {
      const refund = await client.paymentRefunds.create({
        paymentId,
        amount: { currency, value: toMollieAmount(amountMinor, currency) },
        description,
      });
      return { id: refund.id };
    },
    async getPayment(id: string) {
      // Mollie's payment ids; anything else is not theirs and is never sent to them.
      if (!/^tr_\w+$/.test(id)) return null;
      try {
        return toPayment(await client.payments.get(id));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
  };
}
