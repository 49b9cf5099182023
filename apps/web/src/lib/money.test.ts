// Amounts shown with the currency's own decimals: two (EUR), none (JPY), three (KWD).
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPricePerCredit } from './money.ts';

describe('formatMoney', () => {
  it('shows each currency with its own number of decimals', () => {
    expect(formatMoney({ amount: 995, currency: 'EUR' }, 'en')).toBe('€9.95');
    expect(formatMoney({ amount: 500, currency: 'JPY' }, 'en')).toBe('¥500');
    expect(formatMoney({ amount: 500, currency: 'JPY' }, 'nl')).toBe('JP¥\u00a0500');
    expect(formatMoney({ amount: 1250, currency: 'KWD' }, 'en')).toBe('KWD\u00a01.250');
    expect(formatMoney({ amount: 1255, currency: 'KWD' }, 'de')).toBe('1,255\u00a0KWD');
  });

  it('prices per credit with one decimal more than the currency has', () => {
    expect(formatPricePerCredit({ amount: 995, currency: 'JPY' }, 50, 'en')).toBe('¥19.9');
    expect(formatPricePerCredit({ amount: 9995, currency: 'KWD' }, 50, 'en')).toBe('KWD\u00a00.1999');
  });
});
