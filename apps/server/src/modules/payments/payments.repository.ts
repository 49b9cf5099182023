// Drizzle queries on the tables payments owns, by use case: credit bundles, discount codes and their uses, orders,
// direct-debit requests and blocks, and the provider's records (its customers, the webhook log). Nothing here reads or
// writes another module's table.
import type { Executor } from '../../db/client.ts';
import { createBundlesRepository } from './bundles.repository.ts';
import { createDirectDebitConfirmationsRepository } from './direct-debit-confirmations.repository.ts';
import { createDirectDebitLimitsRepository } from './direct-debit-limits.repository.ts';
import { createDirectDebitRequestsRepository } from './direct-debit-requests.repository.ts';
import { createDiscountUsesRepository } from './discount-uses.repository.ts';
import { createOrdersReadRepository } from './orders-read.repository.ts';
import { createOrdersWriteRepository } from './orders-write.repository.ts';
import { createProviderRecordsRepository } from './provider-records.repository.ts';

export type { DiscountHolder } from './discount-uses.repository.ts';

export function createPaymentsRepository(db: Executor) {
  return {
    ...createBundlesRepository(db),
    ...createDiscountUsesRepository(db),
    ...createOrdersWriteRepository(db),
    ...createOrdersReadRepository(db),
    ...createDirectDebitLimitsRepository(db),
    ...createDirectDebitRequestsRepository(db),
    ...createDirectDebitConfirmationsRepository(db),
    ...createProviderRecordsRepository(db),
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
