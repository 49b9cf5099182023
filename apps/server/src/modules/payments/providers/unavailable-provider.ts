// No payment provider (production without MOLLIE_API_KEY or PAYMENTS_TEST_MODE): nothing is offered, and any
// attempt to pay answers "Payments are not available right now"; never a checkout that takes no money.
import { AppError } from '../../../lib/http-errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

export const UNAVAILABLE_PROVIDER_NAME = 'none';

export function createUnavailableProvider(): PaymentProvider {
  const unavailable = async (): Promise<never> => {
    throw new AppError(503, 'payments_unavailable');
  };
  return {
    name: UNAVAILABLE_PROVIDER_NAME,
    isTestMode: false,
    createPayment: unavailable,
    // Webhooks may still name old payments: none is known.
    getPayment: async () => null,
    createDirectDebitMandate: unavailable,
    createCustomer: unavailable,
    refund: unavailable,
  };
}
