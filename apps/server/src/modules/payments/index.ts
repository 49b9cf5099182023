// Public entry of payments: the service and the providers, for the composition root.
export { createPaymentsService, discounted, type PaymentsService } from './payments.service.ts';
export { createSandboxProvider, type SandboxProvider } from './providers/sandbox-provider.ts';
export type { PaymentProvider } from './providers/payment-provider.ts';
export { createMollieProvider, fromMollieAmount, toMollieAmount } from './providers/mollie-provider.ts';
