// Which hosts the server may connect to on a member's or a staff member's say-so (web push endpoints, postbacks): https on port 443 to public
// addresses only, so a stored URL cannot make the server reach its own loopback, the private network, link-local
// (cloud metadata at 169.254.169.254), CGNAT or unique-local IPv6 hosts, or an arbitrary port (docs/notifications.md).
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Every address a host name resolves to (the system resolver, as the connection itself would use). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** IPv4: public unicast, by ipaddr.js's ranges (loopback, private, linkLocal, carrierGradeNat, reserved, ... refused). */
function isPublicIPv4(ip: ipaddr.IPv4): boolean {
  return ip.range() === 'unicast';
}

/** The IPv4 address in four bytes of an IPv6 address's, from `offset`. */
function embeddedIPv4(ip: ipaddr.IPv6, offset: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(ip.toByteArray().slice(offset, offset + 4));
}

/** 2000::/3, the only block IANA gives out for global unicast: the rest of the space is special or unassigned. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
/** NAT64's well-known prefix (RFC 6052): the IPv4 address is the last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/**
 * IPv6: public when in global unicast (2000::/3) and in none of the special ranges ipaddr.js names in it (Teredo
 * 2001::/32, benchmarking 2001:2::/48, ORCHID and ORCHIDv2 2001:10::/28 and 2001:20::/28, documentation 2001:db8::/32
 * and 3fff::/20, the rest of 2001::/23, AMT, AS112), so everything outside it is refused too: unspecified, loopback,
 * IPv4-compatible ::/96 (deprecated, RFC 4291), IPv4-translated ::ffff:0:0:0/96, discard 100::/64, unique-local
 * fc00::/7, site-local fec0::/10 (deprecated), link-local fe80::/10, multicast ff00::/8, and the unassigned blocks.
 * Three forms embed an IPv4 address the connection ends up at, and are judged as that address:
 * - IPv4-mapped ::ffff:0:0/96: a socket connects to the IPv4 address itself; public IPv4 only.
 * - NAT64's well-known prefix 64:ff9b::/96 (RFC 6052, what DNS64 answers on an IPv6-only host): the translator
 *   connects to the last 32 bits; public IPv4 only. The local-use prefix 64:ff9b:1::/48 (RFC 8215) is refused
 *   whatever it holds: where the IPv4 address sits in it depends on the prefix length the network chose.
 * - 6to4 2002::/16: a relay (or the host's own 6to4 tunnel) sends to the IPv4 address in bits 16-47; public IPv4 only.
 */
function isPublicIPv6(ip: ipaddr.IPv6): boolean {
  switch (ip.range()) {
    case 'unicast':
      return ip.match(GLOBAL_UNICAST);
    case 'ipv4Mapped':
      return isPublicIPv4(ip.toIPv4Address());
    case 'rfc6052':
      return ip.match(NAT64_WELL_KNOWN) && isPublicIPv4(embeddedIPv4(ip, 12));
    case '6to4':
      return isPublicIPv4(embeddedIPv4(ip, 2));
    default:
      return false;
  }
}

/**
 * An IPv6 address in ipaddr.js's hands, its dotted IPv4 tail written in hex first: ipaddr.js reads `::a.b.c.d` (the
 * IPv4-compatible form) as `::ffff:a.b.c.d` (IPv4-mapped), which the URL parser, Node and the kernel do not, and the
 * system resolver writes an IPv4-compatible address so (`::127.0.0.1`).
 */
function parseIPv6(address: string): ipaddr.IPv6 {
  return ipaddr.IPv6.parse(
    address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_tail, a: string, b: string, c: string, d: string) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((part) => part.toString(16)).join(':'),
    ),
  );
}

/**
 * Whether the server may connect to this address on a member's or a staff member's say-so: a public unicast IPv4 or
 * IPv6 address (see isPublicIPv6 for every special IPv6 form and what is decided for each). Anything else is refused:
 * another spelling of IPv4 (Node's and the URL parser's dotted decimal only), a scoped address (`fe80::1%eth0`).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicIPv4(ipaddr.IPv4.parse(address));
  if (family !== 6 || address.includes('%')) return false;
  return isPublicIPv6(parseIPv6(address));
}

export type EndpointPolicy = {
  /** Whether the server may connect to this address. */
  isAddressAllowed: (address: string) => boolean;
  /** Ports an endpoint may name; browsers' push services all use 443. null: any port. */
  ports: readonly number[] | null;
  /** Schemes an endpoint may use (default https only). */
  protocols?: readonly ('https:' | 'http:')[];
  /** Whether `localhost` and single-label names may be used (only outside production, for local stand-ins). */
  allowsLocalNames?: boolean;
};

export const PUBLIC_HTTPS_POLICY: EndpointPolicy = { isAddressAllowed: isPublicAddress, ports: [443] };

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What can be judged without the network: https, no credentials, an allowed port, not a `localhost` name, and an
 * IP-literal host only when its address is allowed. Answers the parsed URL, or null when refused.
 */
export function checkEndpointUrl(endpoint: string, policy: EndpointPolicy = PUBLIC_HTTPS_POLICY): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (!(policy.protocols ?? ['https:']).includes(url.protocol as 'https:') || url.username || url.password) return null;
  // The URL parser drops the scheme's default port: '' is 443 (or 80).
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (policy.ports && !policy.ports.includes(port)) return null;
  const host = hostOf(url).toLowerCase();
  if (isIP(host)) return policy.isAddressAllowed(host) ? url : null;
  if (!policy.allowsLocalNames && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')))
    return null;
  return url;
}

/**
 * The address to connect to for an endpoint: its host resolved, refused (null) when the URL is refused or when ANY
 * address it resolves to is not allowed (a name answering one public and one private address must not be a coin
 * toss). The caller connects to exactly this address, so a second resolution (DNS rebinding) cannot swap it.
 */
export async function resolveEndpoint(
  endpoint: string,
  resolve: ResolveHost = resolveWithSystem,
  policy: EndpointPolicy = PUBLIC_HTTPS_POLICY,
): Promise<{ url: URL; address: LookupAddress } | null> {
  const url = checkEndpointUrl(endpoint, policy);
  if (!url) return null;
  const host = hostOf(url);
  const family = isIP(host);
  if (family) return { url, address: { address: host, family } };
  const addresses = await resolve(host);
  if (addresses.length === 0 || !addresses.every((entry) => policy.isAddressAllowed(entry.address))) return null;
  return { url, address: addresses[0]! };
}

/**
 * A lookup that answers the address already checked, whatever the name resolves to by now (DNS rebinding: a name
 * answering a public address to the check and 127.0.0.1 to the connection). TLS still verifies the certificate
 * against the host name. Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily): there is one.
 */
export function pinnedLookup(address: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
}
