import { describe, expect, it } from 'vitest';
import { countryName } from './country-names.ts';

describe('countryName', () => {
  it('names a country in the language asked for, and answers the code when there is no name', () => {
    expect(countryName('NL', 'en')).toBe('Netherlands');
    expect(countryName('DE', 'nl')).toBe('Duitsland');
    expect(countryName('not a code', 'en')).toBe('not a code');
    expect(countryName('NL', 'not a language!')).toBe('NL');
  });
});
