// Country of a client address from the offline GeoIP data shipped in the geoip-country package (no web service),
// behind a bounded per-address cache.
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

/** Addresses that never belong to a country: the GeoIP data would otherwise guess one for some of them. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) -> `1.2.3.4`. */
function unmapIPv4(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

export function isPublicAddress(address: string): boolean {
  const plain = unmapIPv4(address.trim());
  if (isIPv4(plain)) return !nonPublic.check(plain, 'ipv4');
  if (isIPv6(plain)) return !nonPublic.check(plain, 'ipv6');
  return false;
}

type GeoipCountry = { lookup: (address: string) => { country?: string } | null };

let geoip: GeoipCountry | undefined;
/** Loaded on first use (about 40 ms and 15 MB: both data files are read into memory, then every lookup is a binary search). */
function loadGeoip(): GeoipCountry {
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  return geoip;
}

/** The country in the GeoIP data of a public, unmapped address, or null. */
function lookupInData(address: string): string | null {
  try {
    const country = loadGeoip().lookup(address)?.country;
    return country && /^[A-Z]{2}$/i.test(country) ? country.toUpperCase() : null;
  } catch {
    return null;
  }
}

/** Addresses kept, and for how long: the data only changes with a package update, which means a restart. */
export const GEOIP_CACHE_MAX = 10_000;
export const GEOIP_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A country lookup with a per-address LRU cache (bounded: GEOIP_CACHE_MAX addresses, each for GEOIP_CACHE_TTL_MS) in
 * front of `lookup`. Addresses that are not public never reach the cache or the lookup; `::ffff:a.b.c.d` shares the
 * entry of `a.b.c.d`. Figures in docs/settings.md.
 */
export function createCountryLookup(
  lookup: (address: string) => string | null = lookupInData,
  { max = GEOIP_CACHE_MAX, ttl = GEOIP_CACHE_TTL_MS }: { max?: number; ttl?: number } = {},
): (address: string | undefined) => string | null {
  // lru-cache keeps no null values: '' stands for "no country".
  const cache = new LRUCache<string, string>({ max, ttl });
  return (address) => {
    if (!address) return null;
    const plain = unmapIPv4(address.trim());
    if (!isPublicAddress(plain)) return null;
    const cached = cache.get(plain);
    if (cached !== undefined) return cached || null;
    const country = lookup(plain);
    cache.set(plain, country ?? '');
    return country;
  };
}

/** The ISO country code of a client address (IPv4 or IPv6), or null when unknown or not public. */
export const lookupCountry = createCountryLookup();
