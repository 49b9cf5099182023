// The default texts a site starts with (index_title, description and the fictional-profile texts) exist in all 11
// locales, and each is a real translation: never a copy of the English text.
import { describe, expect, it } from 'vitest';
import { LOCALES, SITE_TEXT_DEFAULTS, defaultSiteTexts } from '../src/index.ts';

const KEYS = Object.keys(SITE_TEXT_DEFAULTS.en) as (keyof typeof SITE_TEXT_DEFAULTS.en)[];

describe('site text defaults', () => {
  it('name the five member-facing texts', () => {
    expect([...KEYS].sort()).toEqual(
      ['description', 'fictional_plural', 'fictional_singular', 'fictional_warning', 'index_title'].sort(),
    );
  });

  it('exist for all 11 locales and no other', () => {
    expect(Object.keys(SITE_TEXT_DEFAULTS).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES)
      for (const key of KEYS) expect(SITE_TEXT_DEFAULTS[locale][key].trim(), `${locale} ${key}`).not.toBe('');
  });

  describe.each(LOCALES.filter((locale) => locale !== 'en'))('%s', (locale) => {
    it('differs from English in every text (translated, not copied)', () => {
      const copied = KEYS.filter((key) => SITE_TEXT_DEFAULTS[locale][key] === SITE_TEXT_DEFAULTS.en[key]);
      expect(copied, `${locale} copies English`).toEqual([]);
    });

    it('names the site in its title where English does, and writes no i18next placeholder', () => {
      for (const key of KEYS) {
        const text = SITE_TEXT_DEFAULTS[locale][key];
        expect(text.includes('{site_name}'), `${locale} ${key}`).toBe(
          SITE_TEXT_DEFAULTS.en[key].includes('{site_name}'),
        );
        expect(text).not.toMatch(/{{/);
      }
    });
  });

  it("fill in the site's name per locale", () => {
    const texts = defaultSiteTexts('Lumen');
    expect(texts.index_title.en).toBe('Lumen – meet singles near you');
    expect(texts.index_title.de).toBe('Lumen – triff Singles in deiner Nähe');
    expect(Object.keys(texts.fictional_warning).sort()).toEqual([...LOCALES].sort());
    expect(JSON.stringify(texts)).not.toContain('{site_name}');
  });
});
