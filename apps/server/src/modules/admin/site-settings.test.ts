// The settings table (contracts' site-settings.ts) maps every stored setting of a site both ways, unchanged.
import { describe, expect, it } from 'vitest';
import { adminSiteInputSchema } from '@app/contracts';
import type { SiteRow } from '../../db/schema/index.ts';
import { defaultSiteValues } from '../sites/index.ts';
import { siteInputOf, siteRowOf } from './sites.service.ts';

describe('site settings mapping', () => {
  it('reads a stored site as the console input and writes it back to the same columns', () => {
    const row = {
      ...defaultSiteValues(),
      companyAdded: new Date('2024-05-01T00:00:00.000Z'),
      partnerUrl: 'https://partner.example.com/',
      companyId: 7,
      id: 1,
      isDefault: true,
      createdAt: new Date(),
    } as SiteRow;
    const input = siteInputOf(row);
    expect(adminSiteInputSchema.safeParse(input).error).toBeUndefined();
    expect(input.company.added).toBe('2024-05-01T00:00:00.000Z');
    const { id: _id, isDefault: _isDefault, createdAt: _createdAt, ...stored } = row;
    expect(siteRowOf(input)).toEqual(stored);
  });
});
