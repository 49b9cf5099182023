import { describe, expect, it } from 'vitest';
import { isPublicAddress, lookupCountry } from './geoip.ts';

describe('geoip', () => {
  it.each([
    ['5.132.0.1', 'NL'],
    ['::ffff:5.132.0.1', 'NL'],
    ['85.214.132.117', 'DE'],
    ['62.2.0.1', 'CH'],
    ['8.8.8.8', 'US'],
  ])('finds the country of %s offline', async (address, country) => {
    expect(await lookupCountry(address)).toBe(country);
  });

  it.each(['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::ffff:127.0.0.1', 'fe80::1', 'fd12::1', 'not-an-ip', ''])(
    'has no country for %j',
    async (address) => {
      expect(await lookupCountry(address)).toBeNull();
    },
  );

  it('has no country for IPv6 clients (the offline data covers IPv4 only)', async () => {
    expect(isPublicAddress('2a02:a440::1')).toBe(true);
    expect(await lookupCountry('2a02:a440::1')).toBeNull();
  });

  it('tells public from private addresses', () => {
    expect(isPublicAddress('172.15.0.1')).toBe(true);
    expect(isPublicAddress('172.16.0.1')).toBe(false);
    expect(isPublicAddress('192.169.0.1')).toBe(true);
  });
});
