import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interestsResponseSchema, regionsResponseSchema } from '@app/contracts';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';

/** The interests SPEC section 2 lists by name (further adult interests follow them). */
const SPEC_INTERESTS = [
  'adventure',
  'animals',
  'art',
  'astrology',
  'bbq',
  'beach',
  'beer',
  'biking',
  'coffee',
  'cooking',
  'dancing',
  'fashion',
  'foodie',
  'gardening',
  'gym',
  'hiking',
  'movies',
  'music',
  'outdoors',
  'party',
  'photography',
  'politics',
  'reading',
  'relationship',
  'shopping',
  'sports',
  'sushi',
  'tattoos',
  'tea',
  'theater',
  'travelling',
  'vegetarian',
  'videogames',
  'wine',
];

describe('content catalogues', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp();
    await insertSite(app, {
      domain: 'alpine.example',
      countries: ['CH', 'AT'],
      regionData: { CH: { kind: 'canton' } },
      interests: ['hiking', 'wine', 'bdsm'],
    });
  });
  afterAll(() => app.close());

  describe('GET /api/interests.php', () => {
    it('lists about 50 interest keys with an icon each, the spec ones first', async () => {
      const response = await app.inject({ url: '/api/interests.php' });
      expect(response.statusCode).toBe(200);
      const { interests } = interestsResponseSchema.parse(response.json());
      expect(interests.length).toBeGreaterThanOrEqual(45);
      expect(interests.length).toBeLessThanOrEqual(60);
      expect(interests.slice(0, SPEC_INTERESTS.length).map((interest) => interest.key)).toEqual(SPEC_INTERESTS);
      expect(interests.some((interest) => interest.adult)).toBe(true);
      expect(new Set(interests.map((interest) => interest.key)).size).toBe(interests.length);
      for (const interest of interests) expect(interest.icon, interest.key).not.toBe('');
    });

    it('lists only the interests the site enables', async () => {
      const response = await app.inject({ url: '/api/interests.php', headers: { host: 'alpine.example' } });
      expect(response.json().interests.map((interest: { key: string }) => interest.key)).toEqual([
        'hiking',
        'wine',
        'bdsm',
      ]);
    });
  });

  describe('GET /api/regions.php', () => {
    it('lists the regions of every country of the site, named by the kind in region_data', async () => {
      const response = await app.inject({ url: '/api/regions.php' });
      expect(response.statusCode).toBe(200);
      const { regions } = regionsResponseSchema.parse(response.json());
      expect(regions.NL?.kind).toBe('province');
      expect(regions.NL?.regions.map((region) => region.name)).toEqual([
        'Drenthe',
        'Flevoland',
        'Friesland',
        'Gelderland',
        'Groningen',
        'Limburg',
        'Noord-Brabant',
        'Noord-Holland',
        'Overijssel',
        'Utrecht',
        'Zeeland',
        'Zuid-Holland',
      ]);
      expect(regions.CH?.kind).toBe('canton');
      expect(regions.CH?.regions).toHaveLength(26);
      expect(regions.CH?.regions).toContainEqual({ code: 'ZH', name: 'Zürich' });
      expect(regions.PL?.kind).toBe('voivodeship');
      expect(regions.PL?.regions).toHaveLength(16);
      expect(regions.PL?.regions.map((region) => region.name)).toContain('Mazowieckie');
      expect(regions.DE?.kind).toBe('state');
      expect(regions.DE?.regions).toHaveLength(16);
      expect(regions.US?.kind).toBe('state');
      // The 50 states and DC: no territories, no Armed Forces codes.
      expect(regions.US?.regions).toHaveLength(51);
      expect(regions.US?.regions.map((region) => region.code)).not.toContain('AE');
      expect(regions.US?.regions.map((region) => region.code)).not.toContain('GU');
      // Belgium is labelled "province" and lists its 10 provinces and Brussels, not its 3 regions.
      expect(regions.BE?.kind).toBe('province');
      expect(regions.BE?.regions).toHaveLength(11);
      expect(regions.BE?.regions).toContainEqual({ code: 'VOV', name: 'East Flanders' });
      expect(regions.BE?.regions.map((region) => region.code)).not.toContain('VLG');
      expect(regions.GB?.kind).toBe('county');
    });

    it('covers only the site countries, defaulting the kind to region', async () => {
      const response = await app.inject({ url: '/api/regions.php', headers: { host: 'alpine.example' } });
      const { regions } = regionsResponseSchema.parse(response.json());
      expect(Object.keys(regions)).toEqual(['CH', 'AT']);
      expect(regions.CH?.kind).toBe('canton');
      expect(regions.AT?.kind).toBe('region');
      expect(regions.AT?.regions.map((region) => region.name)).toContain('Tirol');
    });
  });
});
