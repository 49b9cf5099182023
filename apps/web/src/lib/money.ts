// Money for display: integer minor units with their ISO 4217 currency, formatted in the reader's language with the
// currency's own decimals (`minorDigits` of the contracts: EUR 2, JPY 0, KWD 3). Amounts are never computed here;
// the only division turns minor units into the number Intl formats.
import { minorDigits, toMajorUnits, type Money } from '@app/contracts';

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(
  language: string,
  currency: string,
  fractionDigits?: { min: number; max: number },
): Intl.NumberFormat {
  const key = `${language}|${currency}|${fractionDigits?.min ?? ''}|${fractionDigits?.max ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      ...(fractionDigits
        ? { minimumFractionDigits: fractionDigits.min, maximumFractionDigits: fractionDigits.max }
        : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "€9.95" (en), "€ 9,95" (nl), "9,95 €" (de) from { amount: 995, currency: 'EUR' }; "¥500", "KWD 1.250". */
export function formatMoney(money: Money, language: string): string {
  return currencyFormatter(language, money.currency).format(toMajorUnits(money.amount, money.currency));
}

/** A price per credit, with one more decimal than the currency has so bundles stay comparable ("€0.199"). */
export function formatPricePerCredit(money: Money, credits: number, language: string): string {
  const digits = minorDigits(money.currency);
  const perCredit = credits > 0 ? toMajorUnits(money.amount, money.currency) / credits : 0;
  return currencyFormatter(language, money.currency, { min: digits, max: digits + 1 }).format(perCredit);
}

/** An amount in major units from the settings (minimum message costs: `{ costs: 0.5, currency: 'EUR' }`). */
export function formatMajorAmount(amount: number, currency: string, language: string): string {
  return currencyFormatter(language, currency).format(amount);
}
