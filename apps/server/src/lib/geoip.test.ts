import { describe, expect, it } from 'vitest';
import { isPublicAddress, lookupCountry } from './geoip.ts';

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

  it.each(['127.0.0.1', '10.0.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::ffff:127.0.0.1', 'fe80::1', 'fd12::1', 'not-an-ip', ''])(
    'has no country for %j',
    (address) => {
      expect(lookupCountry(address)).toBeNull();
    },
  );

  it('finds the country of IPv6 clients too', () => {
    expect(isPublicAddress('2a00:1450:4001:80b::200e')).toBe(true);
    expect(lookupCountry('2a00:1450:4001:80b::200e')).toBe('DE');
  });

  it('tells public from private addresses', () => {
    expect(isPublicAddress('172.15.0.1')).toBe(true);
    expect(isPublicAddress('172.16.0.1')).toBe(false);
    expect(isPublicAddress('192.169.0.1')).toBe(true);
  });
});
