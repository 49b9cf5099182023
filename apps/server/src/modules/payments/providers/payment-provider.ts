// The one interface every payment provider implements: create a payment (hosted checkout), and read it back.
import type { OrderStatusValue } from '../../../db/schema/index.ts';

export type CreatePaymentInput = {
  amountMinor: number;
  currency: string;
  description: string;
  /** The provider's method id (payment-methods.ts). */
  method: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: { orderId: number };
  /** A card payment that saves the card (`first`), or a repeat on the saved card's mandate (`recurring`, no checkout). */
  customer?: { id: string; sequence: 'first' | 'recurring'; mandateId?: string };
};

export type ProviderPayment = {
  id: string;
  status: OrderStatusValue;
  amountMinor: number;
  currency: string;
  metadata: { orderId?: number };
  /** Where the member pays (open payments only). */
  checkoutUrl: string | null;
  /** A paid card payment's mandate and card, for repeat orders. */
  mandateId?: string | null;
  card?: { brand: string; last4: string } | null;
  /** What the payer's bank or card issuer took back of a paid payment (a chargeback), minor units; 0 for none. */
  chargedBackMinor?: number;
};

export interface PaymentProvider {
  readonly name: string;
  /** Test payments that move no money (the sandbox, a Mollie test key): every checkout page says so. */
  readonly isTestMode: boolean;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider knows it now; null when the provider has no payment with this id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** A SEPA direct-debit mandate on the member's account, for a recurring direct-debit payment. */
  createDirectDebitMandate(customerId: string, account: { holder: string; iban: string }): Promise<{ id: string }>;
  /** A customer at the provider, for saved cards. */
  createCustomer(input: { name: string; email: string }): Promise<{ id: string }>;
  /** Refunds part of a paid payment; answers the provider's refund id. */
  refund(paymentId: string, amountMinor: number, currency: string, description: string): Promise<{ id: string }>;
}
