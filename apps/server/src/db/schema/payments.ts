// Payments: credit bundles per site and currency, discount codes and their uses, orders (one per payment at the
// provider), the webhooks received, and the built-in sandbox provider's own payments.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './sites.ts';
import { users } from './users.ts';

export const creditBundles = pgTable(
  'credit_bundles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** ISO 4217; a site defines its bundles per currency, the member sees those of their payment country's currency. */
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    /** Minor units (cents). */
    priceMinor: integer('price_minor').notNull(),
    isPopular: boolean('is_popular').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('credit_bundles_site_idx').on(table.siteId, table.currency, table.sortOrder),
    check('credit_bundles_positive', sql`${table.credits} > 0 and ${table.priceMinor} > 0`),
  ],
);
export type CreditBundleRow = typeof creditBundles.$inferSelect;

export type DiscountValidity = 'once_per_user' | 'once' | 'unlimited';

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    /** Only for payments from this country (ISO 3166 alpha-2), or any. */
    country: text('country'),
    /** A personal code, or anyone's. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    valuePercentage: integer('value_percentage').notNull(),
    /** The currency of minimum_order_minor. */
    currency: text('currency'),
    minimumOrderMinor: integer('minimum_order_minor').notNull().default(0),
    validity: text('validity').$type<DiscountValidity>().notNull().default('once_per_user'),
    /** Null: every method. */
    paymentMethods: jsonb('payment_methods').$type<string[] | null>(),
    /** The site's welcome code (answered by discountcode.php?welcome=true when no time bonus runs). */
    isWelcome: boolean('is_welcome').notNull().default(false),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_codes_site_code_key').on(table.siteId, sql`upper(${table.code})`),
    check('discount_codes_percentage', sql`${table.valuePercentage} between 1 and 100`),
  ],
);
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export type OrderStatusValue = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Null once the account is purged: orders stay, anonymised, for the books. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    bundleId: integer('bundle_id').references(() => creditBundles.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    currency: text('currency').notNull(),
    /** The bundle's price before the discount, minor units. */
    baseAmountMinor: integer('base_amount_minor').notNull(),
    discountCode: text('discount_code'),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    transactionCostsMinor: integer('transaction_costs_minor').notNull().default(0),
    /** What the member pays: base minus discount plus transaction costs, minor units. */
    amountMinor: integer('amount_minor').notNull(),
    method: text('method').notNull(),
    country: text('country').notNull(),
    status: text('status').$type<OrderStatusValue>().notNull().default('open'),
    /** oneoff, first (a card payment that saves the card for repeat orders) or recurring (a repeat on the saved card). */
    sequenceType: text('sequence_type').$type<'oneoff' | 'first' | 'recurring'>().notNull().default('oneoff'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's hosted checkout while the payment is open, so the member can continue it. */
    checkoutUrl: text('checkout_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Unused credits refunded (they left through the ledger) and the money the provider refunded for them. */
    refundedCredits: integer('refunded_credits').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
    /** The payer's bank or card issuer took the money back (a chargeback the provider reported), and how much. */
    chargedBackMinor: integer('charged_back_minor').notNull().default(0),
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_provider_payment_key').on(table.provider, table.providerPaymentId),
    index('orders_user_idx').on(table.userId, table.createdAt),
    // The staff console: purchases and revenue per day (dashboard), orders by status or site, newest first.
    index('orders_paid_idx').on(table.paidAt),
    index('orders_status_id_idx').on(table.status, table.id),
    index('orders_site_id_idx').on(table.siteId, table.id),
    check('orders_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * A discount's use, reserved by an order when it is placed (in the order's transaction) and kept when it is paid;
 * released when the order fails, is cancelled or expires. `scope_key` is unique: one live holder per code
 * (validity once: `code:<id>`) or per code and member (once per user: `code:<id>:user:<id>`, the time bonus:
 * `bonus:<code>:user:<id>`); null for unlimited codes, whose uses are only recorded.
 */
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the synthetic time bonus, which is once per user by `code`. */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    scopeKey: text('scope_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_code_uses_order_key').on(table.orderId),
    uniqueIndex('discount_code_uses_scope_key').on(table.scopeKey),
    index('discount_code_uses_user_idx').on(table.userId, table.code),
  ],
);

/** The member as a customer of the provider, with the saved card's mandate for repeat orders (shown as brand and last four digits). */
export const paymentCustomers = pgTable('payment_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  mandateId: text('mandate_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every webhook call received: what it named and what became of it (staff see failures). */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    outcome: text('outcome').notNull(),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_webhooks_received_idx').on(table.receivedAt)],
);

/** The built-in sandbox provider's payments: what a provider's test mode would keep on its side. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  status: text('status').$type<OrderStatusValue>().notNull().default('open'),
  redirectUrl: text('redirect_url').notNull(),
  /** Refunded so far (minor units). */
  refundedMinor: integer('refunded_minor').notNull().default(0),
  /** Charged back so far (minor units): a tester's chargeback on the sandbox's checkout (docs/payments.md). */
  chargedBackMinor: integer('charged_back_minor').notNull().default(0),
  webhookUrl: text('webhook_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  customerId: text('customer_id'),
  sequenceType: text('sequence_type').notNull().default('oneoff'),
  mandateId: text('mandate_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DirectDebitStatus = 'awaiting_code' | 'submitted' | 'expired';

/**
 * A direct-debit purchase while the member confirms it with the SMS code: the account and address details, the code
 * (hashed), its expiry, attempts and resend cooldown. The IBAN is kept masked once the mandate is with the provider.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    holder: text('holder').notNull(),
    iban: text('iban').notNull(),
    bankName: text('bank_name').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(1),
    resendAt: timestamp('resend_at', { withTimezone: true }).notNull(),
    status: text('status').$type<DirectDebitStatus>().notNull().default('awaiting_code'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('direct_debit_requests_user_idx').on(table.userId, table.createdAt)],
);
export type DirectDebitRequestRow = typeof directDebitRequests.$inferSelect;

/** Members refused direct debit (a debit that bounced or was reversed): "your account is blocked for direct debit payments". */
export const directDebitBlocks = pgTable('direct_debit_blocks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Text messages not sent without an SMS provider (development): the development outbox beside the mailbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sms_outbox_created_idx').on(table.createdAt)],
);
