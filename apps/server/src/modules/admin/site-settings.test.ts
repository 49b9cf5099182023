// The settings table (contracts' site-settings.ts) maps every stored setting of a site both ways, unchanged.
import { describe, expect, it } from 'vitest';
import { adminSiteInputSchema, normaliseLanguageCode } from '@app/contracts';
import { LOCALE_VARIANTS } from '@app/i18n';
import type { SiteRow } from '../../db/schema/index.ts';
import { defaultSiteValues } from '../sites/index.ts';
import { siteInputOf, siteRowOf } from './sites.service.ts';

describe('site settings mapping', () => {
  const storedRow = () =>
    ({
      ...defaultSiteValues(),
      companyAdded: new Date('2024-05-01T00:00:00.000Z'),
      partnerUrl: 'https://partner.example.com/',
      companyId: 7,
      id: 1,
      isDefault: true,
      createdAt: new Date(),
    }) as SiteRow;

  it('reads a stored site as the console input and writes it back to the same columns', () => {
    const row = storedRow();
    const input = siteInputOf(row);
    expect(adminSiteInputSchema.safeParse(input).error).toBeUndefined();
    expect(input.company.added).toBe('2024-05-01T00:00:00.000Z');
    const { id: _id, isDefault: _isDefault, createdAt: _createdAt, ...stored } = row;
    expect(siteRowOf(input)).toEqual(stored);
  });

  it('takes a language as xx, xx-YY or xx_YY and stores the language, a locale variant whole', () => {
    const base = siteInputOf(storedRow());
    const parsed = adminSiteInputSchema.parse({
      ...base,
      domain_language: 'de_DE',
      languages: ['de-DE', 'EN', 'nl_be'],
    });
    expect(parsed.domain_language).toBe('de');
    expect(parsed.languages).toEqual(['de', 'en', 'nl']);
    for (const variant of LOCALE_VARIANTS) {
      expect(normaliseLanguageCode(variant)).toBe(variant);
      expect(normaliseLanguageCode(variant.replace('-', '_').toLowerCase())).toBe(variant);
    }
    expect(
      adminSiteInputSchema.parse({ ...base, domain_language: 'en_us', languages: ['en-US'] }).domain_language,
    ).toBe('en-US');
    for (const wrong of ['deu', 'de-DEU', 'de DE', '', 'd1']) {
      const result = adminSiteInputSchema.safeParse({ ...base, domain_language: wrong, languages: [wrong] });
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('domain_language');
    }
  });
});
