// Country of a client address from the offline GeoIP data shipped in the fast-geoip package.
import { isIP } from 'node:net';
import geoip from 'fast-geoip';

const PRIVATE_V4: Array<[number, number]> = [
  [0x0a000000, 8], // 10/8
  [0x7f000000, 8], // 127/8
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0xa9fe0000, 16], // 169.254/16
  [0x64400000, 10], // 100.64/10 (carrier-grade NAT)
  [0x00000000, 8],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

/** Loopback, private and link-local addresses have no country; the GeoIP data would otherwise guess one. */
export function isPublicAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  const version = isIP(plain);
  if (version === 4) {
    const value = v4ToInt(plain);
    return !PRIVATE_V4.some(([base, bits]) => value >>> (32 - bits) === base >>> (32 - bits));
  }
  if (version === 6) {
    const lower = plain.toLowerCase();
    return !(lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80'));
  }
  return false;
}

export async function lookupCountry(address: string | undefined): Promise<string | null> {
  if (!address || !isPublicAddress(address)) return null;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  try {
    const result = await geoip.lookup(plain);
    return result?.country ? result.country.toUpperCase() : null;
  } catch {
    return null;
  }
}
