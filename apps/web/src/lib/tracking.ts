// Tracking data of SPEC section 3 (network, ref, sub1-3): read from the landing URL, kept for the tab, sent with signup step 0.
import type { TRACKING_KEYS, Tracking } from '@app/contracts';
import { readItem, writeItem } from './storage.ts';

/**
 * The contract's TRACKING_KEYS, checked to be identical at compile time: a runtime import of the contracts
 * would pull zod into the chunk every page loads first.
 */
const TRACKING_PARAMS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const satisfies typeof TRACKING_KEYS;

export const TRACKING_STORAGE_KEY = 'signup_tracking';
const MAX_VALUE_LENGTH = 200;

/** Ad networks leave unfilled placeholders such as `{sub1}`: braces go, empty values are dropped. */
export function cleanTrackingValue(value: string | null | undefined): string | undefined {
  const cleaned = (value ?? '').replace(/[{}]/g, '').trim().slice(0, MAX_VALUE_LENGTH);
  return cleaned === '' ? undefined : cleaned;
}

/** The tracking parameters of a query string, or null when it has none. */
export function parseTrackingParams(search: string): Tracking | null {
  const params = new URLSearchParams(search);
  const tracking: Tracking = {};
  for (const key of TRACKING_PARAMS) {
    const value = cleanTrackingValue(params.get(key));
    if (value !== undefined) tracking[key] = value;
  }
  return Object.keys(tracking).length > 0 ? tracking : null;
}

/** On the landing page: a URL with tracking parameters replaces what this tab kept. */
export function captureTracking(search: string): void {
  const tracking = parseTrackingParams(search);
  if (tracking) writeItem(TRACKING_STORAGE_KEY, JSON.stringify(tracking), 'session');
}

export function readTracking(): Tracking {
  // The landing page itself (e.g. /signup?ref=… straight from an ad) renders before the session manager stores its parameters.
  // (No window in the server's first-view render: nothing to capture there.)
  if (typeof window !== 'undefined') captureTracking(window.location.search);
  try {
    const stored = JSON.parse(readItem(TRACKING_STORAGE_KEY, 'session') ?? '{}') as Record<string, unknown>;
    const tracking: Tracking = {};
    for (const key of TRACKING_PARAMS) {
      const value = typeof stored[key] === 'string' ? cleanTrackingValue(stored[key]) : undefined;
      if (value !== undefined) tracking[key] = value;
    }
    return tracking;
  } catch {
    return {};
  }
}

/** A traffic source is known when the visitor came through a network or a referrer. */
export function hasTrafficSource(tracking: Tracking): boolean {
  return Boolean(tracking.network || tracking.ref);
}
