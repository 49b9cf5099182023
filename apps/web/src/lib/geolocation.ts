// The browser's position for prefilling a location (SPEC sections 3, 4, 7, 9): the permission state, the position
// and its geocode kept for at most an hour, and GET /api/geocode.php.
import { GEOLOCATION_MAX_AGE_MS, type Geocode } from '@app/contracts';
import { apiRequest } from './api-client.ts';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from './storage.ts';

/** SPEC section 4: unsupported, unknown (no Permissions API), or the browser's state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | 'prompt' | 'granted' | 'denied';

const GEOLOCATION_STORAGE_KEY = STORAGE_KEYS.geolocation;

type Stored = { at: number; lat: number; lon: number; geocode: Geocode };

export async function readGeolocationPermission(): Promise<GeolocationPermission> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return 'unsupported';
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' as PermissionName });
    return status ? (status.state as GeolocationPermission) : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The geocode kept from the last hour, if any. */
export function readCachedGeocode(now = Date.now()): Geocode | null {
  const raw = readItem(GEOLOCATION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.at === 'number' && now - stored.at < GEOLOCATION_MAX_AGE_MS && stored.geocode)
      return stored.geocode;
  } catch {
    // Unreadable: forget it below.
  }
  removeItem(GEOLOCATION_STORAGE_KEY);
  return null;
}

export class GeolocationError extends Error {
  readonly reason: 'unsupported' | 'denied' | 'unavailable';
  constructor(reason: 'unsupported' | 'denied' | 'unavailable') {
    super(reason);
    this.reason = reason;
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new GeolocationError('unsupported'));
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => reject(new GeolocationError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      {
        maximumAge: GEOLOCATION_MAX_AGE_MS,
        timeout: 15_000,
        enableHighAccuracy: false,
      },
    );
  });
}

/** Rounded to about 1 km: enough for a town, no more than the member means to share. */
const round = (degrees: number) => Math.round(degrees * 100) / 100;

/**
 * The visitor's country, region and place: from the last hour's answer, else from the browser's position (asking
 * permission when needed) through geocode.php. Throws GeolocationError, or the ApiError of geocode.php.
 */
export async function locate(now = Date.now()): Promise<Geocode> {
  const cached = readCachedGeocode(now);
  if (cached) return cached;
  const position = await currentPosition();
  const lat = round(position.coords.latitude);
  const lon = round(position.coords.longitude);
  const { geocode } = await apiRequest('geocode.php', { query: { lat, lon }, response: 'geocodeResponseSchema' });
  writeItem(GEOLOCATION_STORAGE_KEY, JSON.stringify({ at: now, lat, lon, geocode } satisfies Stored));
  return geocode;
}
