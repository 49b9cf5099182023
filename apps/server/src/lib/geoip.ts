// Country of a client address from the offline GeoIP data shipped in the fast-geoip package (no web service).
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import geoip from 'fast-geoip';

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

/**
 * The ISO country code of a client address, or null when unknown. The data covers IPv4 only,
 * so IPv6 clients get null (the visitor then picks a country or gets the site's first one).
 */
export async function lookupCountry(address: string | undefined): Promise<string | null> {
  if (!address) return null;
  const plain = unmapIPv4(address.trim());
  if (!isIPv4(plain) || !isPublicAddress(plain)) return null;
  try {
    const result = await geoip.lookup(plain);
    return result?.country && /^[A-Z]{2}$/i.test(result.country) ? result.country.toUpperCase() : null;
  } catch {
    return null;
  }
}
