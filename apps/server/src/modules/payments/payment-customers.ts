// The member's customer at the provider, created on their first card payment, and the card it saved.
import type { Database, Executor } from '../../db/client.ts';
import type { AccountContact } from '../accounts/index.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

export function createPaymentCustomers(deps: {
  db: Database;
  repo: Pick<PaymentsRepository, 'findCustomer' | 'saveCustomer'>;
  provider: PaymentProvider;
  /** The account's contact (accounts' public entry), for the provider's customer. */
  findAccountContact: (executor: Executor, userId: number) => Promise<AccountContact | undefined>;
  now: () => Date;
}) {
  const { db, repo, provider } = deps;

  async function savedCardOf(userId: number) {
    const row = await repo.findCustomer(userId);
    return row && row.provider === provider.name && row.mandateId && row.cardBrand && row.cardLast4 ? row : null;
  }

  return {
    /** The member's customer at the provider, created on their first card payment. */
    async ensureCustomer(userId: number): Promise<string> {
      const existing = await repo.findCustomer(userId);
      if (existing && existing.provider === provider.name) return existing.customerId;
      const account = await deps.findAccountContact(db, userId);
      const customer = await provider.createCustomer({ name: account?.name ?? '', email: account?.email ?? '' });
      await repo.saveCustomer(userId, provider.name, customer.id, deps.now());
      return customer.id;
    },

    savedCardOf,

    async cardOf(userId: number) {
      const saved = await savedCardOf(userId);
      return saved ? { brand: saved.cardBrand!, last4: saved.cardLast4! } : null;
    },
  };
}
export type PaymentCustomers = ReturnType<typeof createPaymentCustomers>;
