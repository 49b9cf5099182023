// Credits and payments: bundles, discount codes (the welcome time bonus too), orders and their states.
import { z } from 'zod';
import { rowIdSchema, queryRowIdSchema } from './members.ts';

import { PAYMENT_METHODS } from './sites.ts';

// Currency decimals and exact conversions of minor units (money.ts) come with the payment contracts.
export * from './money.ts';

/** SPEC 3 "Payment methods" (listed in sites.ts). Which are offered where, and by which provider: docs/payments.md. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How each method is named to members (brand names, not translated). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  sdd: 'SEPA Direct Debit',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  sct: 'SEPA',
  giropay: 'giropay',
  mastercard: 'Mastercard',
  visa: 'Visa',
  creditcard: 'Visa / Mastercard',
  dankort: 'Dankort',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  twint: 'TWINT',
  satispay: 'Satispay',
  vipps: 'Vipps',
  cartebancaire: 'Carte Bancaire',
  nexi: 'Nexi',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  applepay: 'Apple Pay',
  paysafecard: 'paysafecard',
  maestro: 'Maestro',
  paypal: 'PayPal',
  sofort: 'Sofort',
  eps: 'EPS',
};

/** SPEC 1 and 9: the welcome bonus is 25 % off the first purchase, for 4 hours after signup, once per user. */
export const TIME_BONUS_PERCENTAGE = 25;
export const TIME_BONUS_SECONDS = 14_400;
/** The synthetic code of the time bonus (SPEC 4); it never exists as a row. */
export const TIME_BONUS_CODE = 'WELCOME-4H';

/** `refunded`: a paid order whose unused credits were refunded (derived; the order stays paid in the books). */
export const ORDER_STATUSES = ['open', 'pending', 'paid', 'refunded', 'failed', 'canceled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_ERROR_CODES = [
  'discount_code_not_found',
  'discount_code_used',
  'discount_code_expired',
  'discount_code_minimum',
  'discount_code_country',
  'discount_code_method',
  'bundle_not_found',
  'payment_method_unavailable',
  'order_not_found',
  'payment_failed',
  'refund_period_over',
  'refund_nothing_unused',
  'refund_already_done',
  'no_saved_card',
  'card_payment_failed',
  'direct_debit_blocked',
  'direct_debit_limit',
  'direct_debit_code_invalid',
  'direct_debit_code_expired',
  'direct_debit_resend_wait',
  'direct_debit_not_found',
  'iban_invalid',
  'mobile_invalid',
  'payments_unavailable',
  'refund_failed',
] as const;

/** Money: integer minor units (cents) with its ISO 4217 currency. Never a float. */
export const moneySchema = z.object({ amount: z.number().int(), currency: z.string().length(3) });
export type Money = z.infer<typeof moneySchema>;

/** SPEC 3 "Discount code". */
export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  /** The smallest order (minor units of `currency`) the code applies to. */
  minimum_order_value: z.number().int(),
  minimum: z.number().int(),
  percentage: z.number().int(),
  status: z.enum(['active', 'disabled']),
  validity: z.enum(['once_per_user', 'once', 'unlimited']),
  expired: z.boolean(),
  /** Null: every method. */
  paymentmethods: z.array(z.string()).nullable(),
  /** What kind of discount this is: the 4-hour time bonus, the site's welcome code, or a code the member entered. */
  source: z.enum(['time_bonus', 'welcome', 'code']),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** GET /api/discountcode.php: `?code=` checks a code, `?welcome=true` answers the welcome code (or `{ discountcode: null }`). */
export const discountCodeQuerySchema = z.object({
  code: z.string().trim().min(1).max(64).optional(),
  welcome: z.enum(['true', '1']).optional(),
});
export const discountCodeResponseSchema = z.object({ discountcode: discountCodeSchema.nullable() });
export type DiscountCodeResponse = z.infer<typeof discountCodeResponseSchema>;

export const bundleSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  price: moneySchema,
  /** The price after the discount that applies (equal to `price` without one). */
  final_price: moneySchema,
  /** The bundle's saving against the smallest bundle's price per credit, in whole percent (the ribbon). */
  ribbon_percentage: z.number().int(),
  is_popular: z.boolean(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** GET /api/credits.php (`?country=` the chosen payment country). */
export const creditsQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_invalid')
    .optional(),
  code: z.string().trim().max(64).optional(),
});
export const creditsResponseSchema = z.object({
  bundles: z.array(bundleSchema),
  currency: z.string(),
  /** The payment country the prices and methods are for (chosen, else GeoIP, else the site's first country). */
  country: z.string(),
  /** The one discount each order gets: the best that applies, or null. */
  discount: discountCodeSchema.nullable(),
  /** The methods offered for the country, with the transaction costs each adds (minor units of `currency`). */
  methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), transaction_costs: z.number().int() })),
  /** Whether SEPA direct debit (/directdebit, with the SMS code) is offered for the country. */
  direct_debit: z.boolean(),
  /** False when the site has no payment provider: no method is offered ("Payments are not available right now"). */
  payments_available: z.boolean(),
  /** Test payments that move no money (a staging site, development): every checkout page says so. */
  test_mode: z.boolean(),
  /** The last paid order, for the quick repeat (with the saved card when there is one). */
  last_order: z
    .object({
      bundle_id: z.number().int(),
      credits: z.number().int(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    })
    .nullable(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** GET /api/pricing.php (anyone, visitors too): the bundles for the visitor's country, without discounts. */
export const pricingQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_invalid')
    .optional(),
});
export const pricingResponseSchema = z.object({
  bundles: z.array(bundleSchema),
  currency: z.string(),
  country: z.string(),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

/** POST /api/order.php: start a payment; the server prices it. */
export const createOrderRequestSchema = z.object({
  bundle_id: rowIdSchema,
  method: z.enum(PAYMENT_METHODS),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_invalid')
    .optional(),
  discount_code: z.string().trim().max(64).optional(),
});
export const orderSchema = z.object({
  id: z.number().int(),
  /** SPEC section 3's name for `id` (a payment's payment_id), answered beside it for clients that use it. */
  payment_id: z.number().int(),
  /** The bundle bought (null once the site removed it): "try another method" offers it again. */
  bundle_id: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  credits: z.number().int(),
  amount: moneySchema,
  transaction_costs: z.number().int(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().int(),
  method: z.string(),
  /** SPEC section 3's name for `method`, answered beside it. */
  paymentmethod: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Unused credits refunded, and the money refunded for them (minor units of the order's currency). */
  refunded_credits: z.number().int(),
  refunded_amount: z.number().int(),
  /** Until when the member may ask for a refund of unused credits (paid_at + refund_days), or null. */
  refundable_until: z.string().nullable(),
  /** A repeat on the saved card (no checkout). */
  is_repeat: z.boolean(),
  /** The provider's checkout while the payment is open, so the member can continue it; null otherwise. */
  checkout_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/refund.php: refund the unused credits of one of the member's orders (within refund_days). */
export const refundRequestSchema = z.object({ order: rowIdSchema });
export const refundResponseSchema = z.object({ order: orderSchema });
export const createOrderResponseSchema = z.object({ order: orderSchema, checkout_url: z.string() });
export const orderQuerySchema = z.object({ id: queryRowIdSchema });
export const orderResponseSchema = z.object({ order: orderSchema });
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });

// ---------------------------------------------------------------------------------------------
// Direct debit with an SMS code (/directdebit)
// ---------------------------------------------------------------------------------------------

/** The SMS code: digits, how long it holds, how many tries, and the wait before another may be sent. */
export const DIRECT_DEBIT_CODE_LENGTH = 6;
export const DIRECT_DEBIT_CODE_MINUTES = 10;
export const DIRECT_DEBIT_CODE_ATTEMPTS = 5;
export const DIRECT_DEBIT_RESEND_SECONDS = 60;
export const DIRECT_DEBIT_MAX_SENDS = 5;
/** Limits (docs/payments.md): one unsettled direct debit at a time, and at most this much (minor units) per 30 days. */
export const DIRECT_DEBIT_LIMIT_MINOR_30_DAYS = 15_000;

const requiredText = (max: number) => z.string().trim().min(1, 'field_required').max(max, 'field_too_long');

export const directDebitRequestSchema = z.object({
  bundle_id: rowIdSchema,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_invalid')
    .optional(),
  holder: requiredText(100),
  iban: z.string().trim().min(1, 'field_required').max(50, 'iban_invalid'),
  street: requiredText(100),
  house_number: requiredText(20),
  postal_code: requiredText(20),
  city: requiredText(100),
  /** International format: +31 6 12345678. */
  mobile: z
    .string()
    .trim()
    .regex(/^\+[1-9][0-9 ()-]{6,20}$/, 'mobile_invalid'),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequestSchema>;

export const directDebitStateSchema = z.object({
  id: z.number().int(),
  iban: z.string(),
  bank_name: z.string(),
  mobile: z.string(),
  credits: z.number().int(),
  amount: moneySchema,
  /** When another code may be sent. */
  resend_at: z.string(),
  expires_at: z.string(),
});
export const directDebitResponseSchema = z.object({ direct_debit: directDebitStateSchema });
export const directDebitResendSchema = z.object({ id: rowIdSchema });
export const directDebitVerifySchema = z.object({
  id: rowIdSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'direct_debit_code_invalid'),
});

/** GET /api/dev/sms (development only): the texts not sent without an SMS provider, newest first. */
export const devSmsResponseSchema = z.object({
  messages: z.array(z.object({ id: z.number().int(), to: z.string(), body: z.string(), created_at: z.string() })),
});
