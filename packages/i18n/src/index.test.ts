import { describe, expect, it } from 'vitest';
import {
  COUNTRY_LANGUAGES,
  LOCALES,
  localeFromDomainLanguage,
  isTimeZone,
  orderLanguagesForCountry,
  pageLanguage,
} from './index.ts';

describe('localeFromDomainLanguage', () => {
  it('takes the first two letters when they name a locale', () => {
    expect(localeFromDomainLanguage('de_DE')).toBe('de');
    expect(localeFromDomainLanguage('NL')).toBe('nl');
    expect(localeFromDomainLanguage('pt_BR')).toBeNull();
    expect(localeFromDomainLanguage(undefined)).toBeNull();
  });
});

describe('pageLanguage (SPEC section 1)', () => {
  it('takes ?lang= first, then the cookie, then the domain language, then the default', () => {
    expect(pageLanguage('de', 'fr', 'nl_NL')).toBe('de');
    expect(pageLanguage('xx', 'fr', 'nl_NL')).toBe('fr');
    expect(pageLanguage(null, 'en-US', 'nl_NL')).toBe('en-US');
    expect(pageLanguage(null, 'klingon', 'de_DE')).toBe('de');
    expect(pageLanguage(undefined, undefined, 'ja_JP')).toBe('en');
    expect(pageLanguage(undefined, undefined, null)).toBe('en');
  });
});

describe('country languages (SPEC section 1)', () => {
  it('maps every country of the spec to locales that exist', () => {
    expect(Object.keys(COUNTRY_LANGUAGES).sort()).toEqual(
      [
        'US',
        'NL',
        'BE',
        'FR',
        'IT',
        'ES',
        'DE',
        'AT',
        'IE',
        'GB',
        'CA',
        'PL',
        'AU',
        'NZ',
        'CH',
        'DK',
        'FI',
        'NO',
        'SE',
      ].sort(),
    );
    expect(COUNTRY_LANGUAGES.CH).toEqual(['de', 'it', 'fr', 'en']);
    expect(COUNTRY_LANGUAGES.US).toEqual(['en-US', 'es']);
  });

  it("orders a site's languages with the visitor country's first", () => {
    expect(orderLanguagesForCountry([...LOCALES], 'BE').slice(0, 3)).toEqual(['nl', 'fr', 'de']);
    expect(orderLanguagesForCountry(['en', 'de', 'fr'], 'ch')).toEqual(['de', 'fr', 'en']);
    expect(orderLanguagesForCountry(['en', 'de'], null)).toEqual(['en', 'de']);
    expect(orderLanguagesForCountry(['es', 'en'], 'US')).toEqual(['en', 'es']);
    expect(orderLanguagesForCountry(['es', 'en', 'en-US'], 'US')).toEqual(['en-US', 'es', 'en']);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and nothing else', () => {
    expect(isTimeZone('Europe/Amsterdam')).toBe(true);
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const value of ['', 'Mars/Olympus', 'Europe/Amsterdam; path=/', 'x'.repeat(65), 5, null, undefined])
      expect(isTimeZone(value)).toBe(false);
  });
});
