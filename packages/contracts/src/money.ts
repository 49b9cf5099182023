// Amounts as integer minor units of their ISO 4217 currency, and the one place that knows how many decimals a
// currency has (EUR 2, JPY 0, KWD 3): the web's formatter, the console's price input, the server's texts and the
// payment provider's decimal strings all go through it. Conversions to and from text never use floating point.

const digitsByCurrency = new Map<string, number>();

/**
 * How many decimal places the currency's minor unit has (EUR 2, JPY 0, KWD 3), as Intl knows it from ISO 4217.
 * Something that is not a currency code at all (a half-typed "EU") counts as 2, so a form can still check the rest.
 */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return 2;
  let digits = digitsByCurrency.get(code);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
    digits ??= 2;
    digitsByCurrency.set(code, digits);
  }
  return digits;
}

/** Minor units as the number Intl formats (995 EUR → 9.95, 500 JPY → 500, 1250 KWD → 1.25). Display only. */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** Minor units as an exact decimal string with the currency's decimals: 995 EUR "9.95", 500 JPY "500", 1250 KWD "1.250". */
export function toDecimalAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

function toMinor(whole: string, fraction: string, digits: number): number | null {
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * An exact decimal string with exactly the currency's decimals as minor units ("9.95" EUR → 995, "500" JPY → 500,
 * "1.250" KWD → 1250); anything else (another number of decimals, a sign, spaces) is null. For machine-written
 * amounts such as a payment provider's.
 */
export function fromDecimalAmount(value: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const pattern = digits === 0 ? /^(\d+)()$/ : new RegExp(`^(\\d+)\\.(\\d{${digits}})$`);
  const match = pattern.exec(value);
  return match ? toMinor(match[1]!, match[2]!, digits) : null;
}

/**
 * A price typed in major units as minor units: "9.95" or "9,95" EUR → 995, "9" → 900, "500" JPY → 500, "1.25" KWD
 * → 1250. Null when it is not a non-negative number with at most the currency's decimals ("9.995" EUR, "5.5" JPY).
 */
export function fromMajorUnits(input: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(input.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return toMinor(match[1]!, fraction, digits);
}
