import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsResponseSchema, type Settings } from '@app/contracts';
import { SETTINGS_RATE_LIMIT } from './sites.routes.ts';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';
import { SPEC_COUNTRIES } from '../../plugins/site/index.ts';
import { cleanPhone, selectCountry, termsVersion } from './sites.service.ts';

/** Every Settings field SPEC section 3 names (the company fields sit in `company`). */
const SPEC_SETTINGS_FIELDS = [
  'name',
  'domain',
  'domain_language',
  'cdn_prefix',
  'niche',
  'index_title',
  'description',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'geoip_country',
  'geoip_selected_country',
  'minimum_message_costs',
  'support_phone',
  'support_email',
  'push_public_key',
  'enable_site_entry_popup',
  'fictional_icon',
  'countries',
  'visible_profile_fields',
  'visible_profile_notes',
  'region_data',
  'message_credits',
  'signup_credits',
  'photo_credits',
  'gift_credits',
  'message_length',
  'search_fields',
  'interests',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'member_resell',
  'company_id',
  'mail_name',
  'delete_discount',
  'company',
  'terms_version',
];
const SPEC_COMPANY_FIELDS = ['name', 'address', 'kvk', 'city', 'country', 'tradenames', 'vat_numbers', 'added'];

const NL_ADDRESS = '5.132.0.1';
const DE_ADDRESS = '85.214.132.117';
const GB_ADDRESS = '81.2.69.142';

describe('sites', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp();
    await insertSite(app, {
      domain: 'flirt.example',
      name: 'Flirt',
      domainLanguage: 'de_DE',
      countries: ['DE', 'AT', 'CH', 'NL'],
      supportPhone: ' +49 30-12 34 56 ',
      companyName: 'Flirt GmbH',
      companyAdded: new Date('2024-03-01T08:00:00Z'),
    });
    await insertSite(app, {
      domain: 'old.example',
      name: 'Old',
      countries: ['GB', 'IE'],
      companyAdded: new Date('2020-01-01T00:00:00Z'),
    });
  });
  afterAll(() => app.close());

  async function getSettings(
    options: {
      query?: Record<string, string | string[]>;
      host?: string;
      remoteAddress?: string;
      cookies?: Record<string, string>;
    } = {},
  ): Promise<Settings> {
    const response = await app.inject({
      url: '/api/settings.php',
      query: options.query,
      headers: { host: options.host ?? 'localhost:3000' },
      cookies: options.cookies,
      remoteAddress: options.remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    return settingsResponseSchema.parse(response.json()).settings;
  }

  describe('GET /api/settings.php', () => {
    it('answers every Settings field of the spec for the default site', async () => {
      const response = await app.inject({ url: '/api/settings.php', query: { 'forced-domain': 'localhost' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      const { settings } = response.json() as { settings: Settings };
      expect(Object.keys(settings)).toEqual(expect.arrayContaining(SPEC_SETTINGS_FIELDS));
      expect(Object.keys(settings.company).sort()).toEqual([...SPEC_COMPANY_FIELDS].sort());
      expect(() => settingsResponseSchema.strict().parse(response.json())).not.toThrow();
      expect(settings).toMatchObject({
        domain: 'localhost',
        domain_language: 'en',
        min_age: 18,
        currency: 'EUR',
        signups: 'all',
        enable_site_entry_popup: 'yes',
        support_phone: '+31201234567',
        terms_version: '2023-12-01T12:00:00.000Z',
        geoip_country: null,
        geoip_selected_country: 'NL',
      });
      expect(settings.niche).toBeGreaterThanOrEqual(1);
      expect(settings.niche).toBeLessThanOrEqual(7);
      expect(settings.countries).toEqual(SPEC_COUNTRIES);
      expect(settings.minimum_message_costs.NL).toEqual({ costs: expect.any(Number), currency: 'EUR' });
      expect(settings.region_data.PL).toEqual({ kind: 'voivodeship' });
      expect(settings.interests.length).toBeGreaterThanOrEqual(50);
      expect(settings.message_credits).toBeGreaterThan(0);
    });

    it('serves the default site to unknown hosts and without forced-domain', async () => {
      expect((await getSettings({ host: 'unknown.example' })).domain).toBe('localhost');
      expect((await getSettings({ query: { 'forced-domain': 'nobody.example' } })).domain).toBe('localhost');
      expect((await getSettings()).domain).toBe('localhost');
    });

    it('serves a second site for its Host header, whatever the port, case or www prefix', async () => {
      for (const host of ['flirt.example', 'flirt.example:8080', 'FLIRT.Example', 'www.flirt.example']) {
        const settings = await getSettings({ host });
        expect(settings, host).toMatchObject({ domain: 'flirt.example', name: 'Flirt', domain_language: 'de_DE' });
      }
    });

    it('lets forced-domain win over the Host header', async () => {
      expect((await getSettings({ host: 'localhost', query: { 'forced-domain': 'flirt.example' } })).name).toBe(
        'Flirt',
      );
      expect((await getSettings({ host: 'flirt.example', query: { 'forced-domain': 'localhost' } })).domain).toBe(
        'localhost',
      );
      expect((await getSettings({ host: 'flirt.example', query: { 'forced-domain': 'FLIRT.example:443' } })).name).toBe(
        'Flirt',
      );
    });

    it(`allows ${SETTINGS_RATE_LIMIT.max} requests a minute per address, refusing the next with 429`, async () => {
      const address = '198.51.100.77';
      for (let count = 0; count < SETTINGS_RATE_LIMIT.max; count += 1) {
        expect((await app.inject({ url: '/api/settings.php', remoteAddress: address })).statusCode).toBe(200);
      }
      const refused = await app.inject({ url: '/api/settings.php', remoteAddress: address });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect((await app.inject({ url: '/api/settings.php', remoteAddress: '198.51.100.78' })).statusCode).toBe(200);
    });

    it('accepts the route query parameters passed through, repeated ones too', async () => {
      const settings = await getSettings({
        query: { 'forced-domain': 'flirt.example', ref: '{abc}', sub1: ['x', 'y'], lb: '' },
      });
      expect(settings.name).toBe('Flirt');
    });

    it('derives geoip_country from the client address, null for private and loopback addresses', async () => {
      expect((await getSettings({ remoteAddress: NL_ADDRESS })).geoip_country).toBe('NL');
      expect((await getSettings({ remoteAddress: `::ffff:${DE_ADDRESS}` })).geoip_country).toBe('DE');
      for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.20', '172.20.0.5', '::1', 'fd00::1']) {
        expect((await getSettings({ remoteAddress: address })).geoip_country, address).toBeNull();
      }
    });

    it('selects the chosen country when served, else the GeoIP country when served, else the first country', async () => {
      const flirt = { 'forced-domain': 'flirt.example' };
      // GeoIP country served by the site
      expect((await getSettings({ query: flirt, remoteAddress: NL_ADDRESS })).geoip_selected_country).toBe('NL');
      // GeoIP country not served: the site's first country
      expect((await getSettings({ query: flirt, remoteAddress: GB_ADDRESS })).geoip_selected_country).toBe('DE');
      expect((await getSettings({ query: flirt })).geoip_selected_country).toBe('DE');
      // A chosen country the site serves wins over GeoIP; case does not matter
      expect(
        (await getSettings({ query: { ...flirt, country: 'CH' }, remoteAddress: NL_ADDRESS })).geoip_selected_country,
      ).toBe('CH');
      expect(
        (await getSettings({ query: { ...flirt, country: 'at' }, remoteAddress: NL_ADDRESS })).geoip_selected_country,
      ).toBe('AT');
      // ...from the country cookie as well, the query winning over the cookie
      expect(
        (await getSettings({ query: flirt, cookies: { country: 'AT' }, remoteAddress: NL_ADDRESS }))
          .geoip_selected_country,
      ).toBe('AT');
      expect(
        (await getSettings({ query: { ...flirt, country: 'CH' }, cookies: { country: 'AT' } })).geoip_selected_country,
      ).toBe('CH');
      // A chosen country the site does not serve is ignored
      expect(
        (await getSettings({ query: { ...flirt, country: 'US' }, remoteAddress: NL_ADDRESS })).geoip_selected_country,
      ).toBe('NL');
      expect((await getSettings({ query: { ...flirt, country: 'nonsense' } })).geoip_selected_country).toBe('DE');
      expect(
        (await getSettings({ query: flirt, cookies: { country: 'GB' }, remoteAddress: GB_ADDRESS }))
          .geoip_selected_country,
      ).toBe('DE');
    });

    it('cleans dashes and spaces out of the support phone', async () => {
      expect((await getSettings({ host: 'flirt.example' })).support_phone).toBe('+4930123456');
    });

    it('dates the terms at 2023-12-01 noon UTC, or at company_added when later', async () => {
      expect((await getSettings({ host: 'localhost' })).terms_version).toBe('2023-12-01T12:00:00.000Z');
      expect((await getSettings({ host: 'old.example' })).terms_version).toBe('2023-12-01T12:00:00.000Z');
      const flirt = await getSettings({ host: 'flirt.example' });
      expect(flirt.terms_version).toBe('2024-03-01T08:00:00.000Z');
      expect(flirt.company.added).toBe('2024-03-01T08:00:00.000Z');
    });
  });

  describe('GET /api/companyinfo.php', () => {
    it('answers the company fields of the site of the Host header', async () => {
      const response = await app.inject({ url: '/api/companyinfo.php' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body.company).sort()).toEqual([...SPEC_COMPANY_FIELDS].sort());
      expect(body).toMatchObject({
        company: { name: 'Amoria Media B.V.', country: 'NL', kvk: '12345678', added: null },
        support_phone: '+31201234567',
        support_email: expect.stringContaining('@'),
      });
      const flirt = (await app.inject({ url: '/api/companyinfo.php', headers: { host: 'flirt.example' } })).json();
      expect(flirt).toMatchObject({
        company: { name: 'Flirt GmbH', added: '2024-03-01T08:00:00.000Z' },
        support_phone: '+4930123456',
      });
    });
  });
});

describe('sites service', () => {
  it('cleans phones of dashes and whitespace only', () => {
    expect(cleanPhone('+31 (0)20-123 45\t67')).toBe('+31(0)201234567');
  });

  it('picks the selected country', () => {
    const site = { countries: ['BE', 'NL'] };
    expect(selectCountry(site, undefined, null)).toBe('BE');
    expect(selectCountry(site, 'nl', 'BE')).toBe('NL');
    expect(selectCountry(site, 'FR', 'NL')).toBe('NL');
  });

  it('takes the later of the base terms date and company_added', () => {
    expect(termsVersion({ companyAdded: null })).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersion({ companyAdded: new Date('2023-12-01T11:59:59Z') })).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersion({ companyAdded: new Date('2023-12-01T12:00:01Z') })).toBe('2023-12-01T12:00:01.000Z');
  });
});
