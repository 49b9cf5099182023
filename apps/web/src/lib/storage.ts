// Safe access to localStorage and sessionStorage (they throw in private modes or when disabled) and dismissal timestamps.
import { SITE_ENTRY_DISMISSED_KEY } from '@app/contracts';
export type StorageArea = 'local' | 'session';

/** SPEC section 9: every dismissal and guard the app remembers in the browser, in one place. */
export const STORAGE_KEYS = {
  enrichAlert: 'enrich_alert_dismissed_at',
  pushAlert: 'push_alert_dismissed_at',
  disabledNotificationsAlert: 'disabled_notifications_alert_dismissed_at',
  timeBonusModal: 'time_bonus_modal_dismissed_at',
  /** The welcome-bonus bar's close button: it stays closed (its countdown is on the credits screen). */
  welcomeBonusBanner: 'welcome_bonus_banner_dismissed_at',
  siteEntryWarning: SITE_ENTRY_DISMISSED_KEY,
  chunkReload: 'chunk_reload_at',
  /** The activation reminder (SPEC section 4); it returns a day after being dismissed. */
  activationAlert: 'activation_alert_dismissed_at',
  /** SPEC section 9: the browser's position and its geocode, kept for an hour (lib/geolocation.ts). */
  geolocation: 'geolocation',
} as const;

function getStorage(area: StorageArea): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, area: StorageArea = 'local'): string | null {
  try {
    return getStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused to store the value (quota, privacy mode). */
export function writeItem(key: string, value: string, area: StorageArea = 'local'): boolean {
  try {
    const storage = getStorage(area);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(key: string, area: StorageArea = 'local'): void {
  try {
    getStorage(area)?.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

/** A timestamp in milliseconds, or null when none (or garbage) is stored. */
export function readTimestamp(key: string, area: StorageArea = 'local'): number | null {
  const raw = readItem(key, area);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeTimestamp(key: string, now: number = Date.now(), area: StorageArea = 'local'): boolean {
  return writeItem(key, String(now), area);
}
