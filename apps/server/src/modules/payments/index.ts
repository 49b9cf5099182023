// Public entry of payments: the service and the providers, for the composition root.
export {
  createPaymentsService,
  discounted,
  orderStatusOf,
  RESERVATION_HOLD_MS,
  type PaymentsService,
} from './payments.service.ts';
export { createSandboxProvider, type SandboxProvider } from './providers/sandbox-provider.ts';
export type { PaymentProvider } from './providers/payment-provider.ts';
export { createMollieProvider, fromMollieAmount, toMollieAmount } from './providers/mollie-provider.ts';
export { createUnavailableProvider, UNAVAILABLE_PROVIDER_NAME } from './providers/unavailable-provider.ts';
