// Amounts by the currency's own decimals: two (EUR), none (JPY) and three (KWD), to text and back without floats.
import { describe, expect, it } from 'vitest';
import { fromDecimalAmount, fromMajorUnits, minorDigits, toDecimalAmount, toMajorUnits } from './money.ts';

describe('money', () => {
  it('knows the decimals of each currency', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('kwd')).toBe(3);
    // Not a code (yet): the usual two, and no exception from Intl.
    expect(minorDigits('EU')).toBe(2);
    expect(fromMajorUnits('9.95', '')).toBe(995);
  });

  it('turns minor units into major units for display', () => {
    expect(toMajorUnits(995, 'EUR')).toBe(9.95);
    expect(toMajorUnits(500, 'JPY')).toBe(500);
    expect(toMajorUnits(1250, 'KWD')).toBe(1.25);
  });

  it('writes exact decimal strings with the currency’s decimals', () => {
    expect(toDecimalAmount(746, 'EUR')).toBe('7.46');
    expect(toDecimalAmount(5, 'EUR')).toBe('0.05');
    expect(toDecimalAmount(1_000_000, 'EUR')).toBe('10000.00');
    expect(toDecimalAmount(500, 'JPY')).toBe('500');
    expect(toDecimalAmount(0, 'JPY')).toBe('0');
    expect(toDecimalAmount(1250, 'KWD')).toBe('1.250');
    expect(toDecimalAmount(5, 'KWD')).toBe('0.005');
    expect(toDecimalAmount(-995, 'EUR')).toBe('-9.95');
    expect(() => toDecimalAmount(9.5, 'EUR')).toThrow(RangeError);
  });

  it('reads exact decimal strings only with the currency’s decimals', () => {
    expect(fromDecimalAmount('7.46', 'EUR')).toBe(746);
    expect(fromDecimalAmount('10000.00', 'EUR')).toBe(1_000_000);
    expect(fromDecimalAmount('500', 'JPY')).toBe(500);
    expect(fromDecimalAmount('1.250', 'KWD')).toBe(1250);
    expect(fromDecimalAmount('0.005', 'KWD')).toBe(5);
    for (const [value, currency] of [
      ['7.4', 'EUR'],
      ['7', 'EUR'],
      ['7.460', 'EUR'],
      ['500.00', 'JPY'],
      ['1.25', 'KWD'],
      ['-1.00', 'EUR'],
      [' 1.00', 'EUR'],
    ] as const) {
      expect(fromDecimalAmount(value, currency), `${value} ${currency}`).toBeNull();
    }
  });

  it('parses a typed price in major units with at most the currency’s decimals', () => {
    expect(fromMajorUnits('9.95', 'EUR')).toBe(995);
    expect(fromMajorUnits('9,95', 'EUR')).toBe(995);
    expect(fromMajorUnits(' 9 ', 'EUR')).toBe(900);
    expect(fromMajorUnits('9.5', 'EUR')).toBe(950);
    expect(fromMajorUnits('0.1', 'EUR')).toBe(10);
    expect(fromMajorUnits('500', 'JPY')).toBe(500);
    expect(fromMajorUnits('1.25', 'KWD')).toBe(1250);
    expect(fromMajorUnits('1.255', 'KWD')).toBe(1255);
    for (const [input, currency] of [
      ['9.995', 'EUR'],
      ['5.5', 'JPY'],
      ['1.2555', 'KWD'],
      ['-1', 'EUR'],
      ['', 'EUR'],
      ['abc', 'EUR'],
      ['1e3', 'EUR'],
    ] as const) {
      expect(fromMajorUnits(input, currency), `${input} ${currency}`).toBeNull();
    }
  });

  it('round-trips every amount through its decimal string', () => {
    for (const currency of ['EUR', 'JPY', 'KWD']) {
      for (const minor of [0, 1, 9, 10, 99, 100, 995, 1001, 123_456_789]) {
        expect(fromDecimalAmount(toDecimalAmount(minor, currency), currency)).toBe(minor);
        expect(fromMajorUnits(toDecimalAmount(minor, currency), currency)).toBe(minor);
      }
    }
  });
});
