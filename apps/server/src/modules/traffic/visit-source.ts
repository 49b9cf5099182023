// What a visit's address says about where it came from: the network and affiliate, the sub ids, the UTM tags and the
// click id with its kind (docs/traffic.md). Values are cleaned as SPEC section 3 stores them (braces removed); a value
// no network would send (too long) is ignored, never cut.
import { CLICK_ID_KEYS, TRACKING_VALUE_MAX } from '@app/contracts';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** The networks the source parser knows: their `?network=` keys and the query keys they send. */
export type NetworkDirectory = {
  find(key: string): { id: number; key: string; clickIdParam: string; refParam: string } | undefined;
  /** Every query key some network sends its click id or affiliate in. */
  keys(): ReadonlySet<string>;
};

export type VisitSource = {
  network: string | null;
  networkId: number | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  clickId: string | null;
  clickKind: string | null;
};

/** A visit without any tracking value (a lander reached directly). */
export const EMPTY_VISIT_SOURCE: VisitSource = {
  network: null,
  networkId: null,
  ref: null,
  sub1: null,
  sub2: null,
  sub3: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmContent: null,
  utmTerm: null,
  clickId: null,
  clickKind: null,
};

/** Braces of unfilled placeholders (`{sub1}`) and control characters go; empty or overlong values are none. */
export function cleanValue(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[{}\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned === '' || cleaned.length > TRACKING_VALUE_MAX) return null;
  return cleaned;
}

/** The source of a visit's query, or null when it carries no tracking value at all. */
export function sourceOf(query: URLSearchParams, networks: NetworkDirectory): VisitSource | null {
  const get = (key: string) => cleanValue(query.get(key));
  const networkKey = get('network')?.toLowerCase() ?? null;
  const network = networkKey ? networks.find(networkKey) : undefined;
  let clickId: string | null = null;
  let clickKind: string | null = null;
  // The network's own key first, then the platforms' (a Google Ads click through a network is still its click).
  for (const key of [...(network ? [network.clickIdParam] : []), ...CLICK_ID_KEYS]) {
    const value = get(key);
    if (value) {
      clickId = value;
      clickKind = key;
      break;
    }
  }
  const source: VisitSource = {
    network: networkKey,
    networkId: network?.id ?? null,
    ref: (network ? get(network.refParam) : null) ?? get('ref'),
    sub1: get('sub1'),
    sub2: get('sub2'),
    sub3: get('sub3'),
    utmSource: get('utm_source'),
    utmMedium: get('utm_medium'),
    utmCampaign: get('utm_campaign'),
    utmContent: get('utm_content'),
    utmTerm: get('utm_term'),
    clickId,
    clickKind,
  };
  return Object.values(source).some((value) => value !== null) ? source : null;
}

/** The referring page's host, when another site sent the visitor. */
export function referrerHostOf(referer: string | undefined, ownHost: string): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host && host !== ownHost.toLowerCase() ? host.slice(0, 253) : null;
  } catch {
    return null;
  }
}

/** The answers for the user agents seen lately: a handful of browsers' strings make most of the traffic. */
const crawlerAnswers = new LRUCache<string, boolean>({ max: 2000 });

/** Crawlers, link previewers and monitors never count as visits. */
export function isCrawler(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let answer = crawlerAnswers.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    crawlerAnswers.set(userAgent, answer);
  }
  return answer;
}
