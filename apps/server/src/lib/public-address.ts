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

/**
 * Public unicast only. ipaddr.js names every special range (loopback, private, linkLocal, carrierGradeNat,
 * uniqueLocal, multicast, reserved, 6to4, teredo, NAT64, ...) and calls the rest `unicast`; IPv4-mapped IPv6
 * (::ffff:10.0.0.1) is judged as the IPv4 address it maps to. Ranges that tunnel to an embedded IPv4 address
 * (6to4, teredo, NAT64) are refused too: the embedded address could be a private one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
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
