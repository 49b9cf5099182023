// Which languages the dropdown offers and in what order (SPEC sections 1 and 2).
import { describe, expect, it } from 'vitest';
import { getVisibleLanguages, hasLanguageChoice } from './visible-languages.ts';

const ALL = ['nl', 'en', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'];

describe('getVisibleLanguages', () => {
  it("puts the country's languages first, then the rest in the site's order", () => {
    expect(getVisibleLanguages(ALL, 'BE')).toEqual(['nl', 'fr', 'de', 'en', 'it', 'es', 'pl', 'da', 'fi', 'nb', 'sv']);
    expect(getVisibleLanguages(ALL, 'CH').slice(0, 4)).toEqual(['de', 'it', 'fr', 'en']);
    expect(getVisibleLanguages(ALL, 'FI').slice(0, 2)).toEqual(['fi', 'sv']);
  });

  it('keeps the site order for countries without a mapping', () => {
    expect(getVisibleLanguages(ALL, 'JP')).toEqual(ALL);
    expect(getVisibleLanguages(ALL, null)).toEqual(ALL);
  });

  it('offers US English to US visitors when the site offers English', () => {
    expect(getVisibleLanguages(ALL, 'US').slice(0, 3)).toEqual(['en-US', 'es', 'nl']);
    expect(getVisibleLanguages(ALL, 'GB')).not.toContain('en-US');
    expect(getVisibleLanguages(['nl', 'de'], 'US')).toEqual(['nl', 'de']);
  });

  it('gives a site with only English no choice, not even US English', () => {
    const languages = getVisibleLanguages(['en'], 'US');
    expect(languages).toEqual(['en']);
    expect(hasLanguageChoice(languages)).toBe(false);
    expect(getVisibleLanguages(['en', 'en-US'], 'US')).toEqual(['en-US', 'en']);
  });

  it('drops unknown and duplicate languages', () => {
    expect(getVisibleLanguages(['nl', 'xx', 'nl', 'de'], 'DE')).toEqual(['de', 'nl']);
  });
});

describe('hasLanguageChoice', () => {
  it('needs more than one language', () => {
    expect(hasLanguageChoice([])).toBe(false);
    expect(hasLanguageChoice(['nl'])).toBe(false);
    expect(hasLanguageChoice(['nl', 'en'])).toBe(true);
  });
});
