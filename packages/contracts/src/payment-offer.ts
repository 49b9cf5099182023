// Which payment methods checkout offers where, and which provider can take them (the table is docs/payments.md). Shared:
// the server's checkout offers exactly these, and the site footer shows the same list (nothing checkout never offers).
import type { PaymentMethod } from './payments.ts';

/** Methods offered in every country the site serves. */
const EVERYWHERE: PaymentMethod[] = ['visa', 'mastercard', 'paypal', 'applepay'];
/** SEPA countries: direct debit (sdd) and bank transfer (sct). */
const SEPA = new Set(['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'FI', 'IE', 'PL', 'DK', 'SE', 'NO', 'CH', 'GB']);

/** Local methods per country, shown first. */
const LOCAL: Record<string, PaymentMethod[]> = {
  NL: ['ideal'],
  BE: ['bancontact'],
  DE: ['giropay', 'sofort', 'paysafecard'],
  AT: ['eps', 'paysafecard'],
  CH: ['twint'],
  FR: ['cartebancaire'],
  IT: ['satispay', 'nexi'],
  PL: ['blik', 'prezelewy24'],
  DK: ['mobilepay', 'dankort'],
  SE: ['swish'],
  NO: ['vipps'],
  FI: ['mobilepay'],
  ES: ['maestro'],
};

/**
 * The provider's name for a method of SPEC 3 (Mollie's method ids; the sandbox mirrors Mollie), or null when the
 * provider has no such method. giropay closed in 2024 and Sofort was retired; Mollie has no Dankort or Nexi.
 */
const MOLLIE_METHODS: Partial<Record<PaymentMethod, string>> = {
  visa: 'creditcard',
  mastercard: 'creditcard',
  creditcard: 'creditcard',
  maestro: 'creditcard',
  cartebancaire: 'creditcard',
  paypal: 'paypal',
  applepay: 'applepay',
  ideal: 'ideal',
  bancontact: 'bancontact',
  eps: 'eps',
  twint: 'twint',
  satispay: 'satispay',
  blik: 'blik',
  prezelewy24: 'przelewy24',
  mobilepay: 'mobilepay',
  swish: 'swish',
  vipps: 'vipps',
  paysafecard: 'paysafecard',
  sdd: 'directdebit',
  sct: 'banktransfer',
};

export function providerMethodOf(method: PaymentMethod): string | null {
  return MOLLIE_METHODS[method] ?? null;
}

/** The methods a member paying from `country` is offered: local ones first, those the site enables and a provider takes. */
export function methodsFor(country: string, siteMethods: readonly string[]): PaymentMethod[] {
  const candidates = [
    ...(LOCAL[country] ?? []),
    ...EVERYWHERE,
    ...(SEPA.has(country) ? (['sct'] as PaymentMethod[]) : []),
  ];
  // Direct debit has its own page (/directdebit, with the SMS code); it is not a checkout method.
  return [...new Set(candidates)].filter((method) => siteMethods.includes(method) && providerMethodOf(method) !== null);
}

/** Whether a member paying from `country` may pay by SEPA direct debit (its own page, with the SMS code). */
export function isDirectDebitOffered(country: string, siteMethods: readonly string[]): boolean {
  return SEPA.has(country) && siteMethods.includes('sdd');
}

/** What the site's footer shows a visitor from `country`: the methods checkout offers there, and direct debit when offered. */
export function offeredPaymentMethods(country: string | null, siteMethods: readonly string[]): PaymentMethod[] {
  if (!country) return [];
  return [
    ...methodsFor(country, siteMethods),
    ...(isDirectDebitOffered(country, siteMethods) ? (['sdd'] as const) : []),
  ];
}
