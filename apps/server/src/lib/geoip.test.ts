import { describe, expect, it, vi } from 'vitest';
import { createCountryLookup, GEOIP_CACHE_MAX, GEOIP_CACHE_TTL_MS, isPublicAddress, lookupCountry } from './geoip.ts';

describe('geoip', () => {
  it.each([
    ['5.132.0.1', 'NL'],
    ['::ffff:5.132.0.1', 'NL'],
    ['85.214.132.117', 'DE'],
    ['62.2.0.1', 'CH'],
    ['8.8.8.8', 'US'],
  ])('finds the country of %s offline', (address, country) => {
    expect(lookupCountry(address)).toBe(country);
  });

  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    'fe80::1',
    'fd12::1',
    'not-an-ip',
    '',
  ])('has no country for %j', (address) => {
    expect(lookupCountry(address)).toBeNull();
  });

  it('finds the country of IPv6 clients too', () => {
    expect(isPublicAddress('2a00:1450:4001:80b::200e')).toBe(true);
    expect(lookupCountry('2a00:1450:4001:80b::200e')).toBe('DE');
  });

  it('tells public from private addresses', () => {
    expect(isPublicAddress('172.15.0.1')).toBe(true);
    expect(isPublicAddress('172.16.0.1')).toBe(false);
    expect(isPublicAddress('192.169.0.1')).toBe(true);
  });

  describe('per-address cache', () => {
    it('answers the second lookup of an address from the cache, without calling the lookup again', () => {
      const lookup = vi.fn((address: string) => (address === '85.214.132.117' ? 'DE' : null));
      const cached = createCountryLookup(lookup);
      expect(cached('85.214.132.117')).toBe('DE');
      expect(cached('85.214.132.117')).toBe('DE');
      // The IPv4-mapped form is the same client: the same entry.
      expect(cached('::ffff:85.214.132.117')).toBe('DE');
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(lookup).toHaveBeenCalledWith('85.214.132.117');

      // "No country" is remembered too.
      expect(cached('8.8.4.4')).toBeNull();
      expect(cached('8.8.4.4')).toBeNull();
      expect(lookup).toHaveBeenCalledTimes(2);
    });

    it('never looks up or keeps addresses that are not public', () => {
      const lookup = vi.fn(() => 'NL');
      const cached = createCountryLookup(lookup);
      for (const address of ['127.0.0.1', '10.1.2.3', '::1', 'not-an-ip', '', undefined])
        expect(cached(address)).toBeNull();
      expect(lookup).not.toHaveBeenCalled();
    });

    it('is bounded: the least recently used address is dropped first', () => {
      const lookup = vi.fn((address: string) => (address.startsWith('5.') ? 'NL' : 'DE'));
      const cached = createCountryLookup(lookup, { max: 2 });
      cached('5.132.0.1');
      cached('85.214.132.117');
      cached('5.132.0.1'); // used again: now the most recent
      cached('62.2.0.1'); // a third address drops 85.214.132.117
      expect(lookup).toHaveBeenCalledTimes(3);
      cached('5.132.0.1');
      expect(lookup).toHaveBeenCalledTimes(3);
      cached('85.214.132.117');
      expect(lookup).toHaveBeenCalledTimes(4);
    });

    it('looks an address up again once its entry is older than the TTL', async () => {
      const lookup = vi.fn(() => 'NL');
      const cached = createCountryLookup(lookup, { ttl: 20 });
      cached('5.132.0.1');
      cached('5.132.0.1');
      expect(lookup).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 40));
      cached('5.132.0.1');
      expect(lookup).toHaveBeenCalledTimes(2);
    });

    it('keeps 10,000 addresses for a day by default', () => {
      expect(GEOIP_CACHE_MAX).toBe(10_000);
      expect(GEOIP_CACHE_TTL_MS).toBe(86_400_000);
    });
  });
});
