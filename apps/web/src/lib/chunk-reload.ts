// Reloads the page when a code-split chunk fails to load (usually a new deploy), at most once per minute.
import { STORAGE_KEYS, readTimestamp, writeTimestamp } from './storage.ts';

/** SPEC section 9: chunk-error reload guard. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

// The messages browsers and Vite use when a dynamic import or its CSS cannot be fetched.
const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERN.test(error.message);
}

/** True when no reload happened within the guard window (a clock set back counts as no reload). */
export function canReloadForChunkError(now: number = Date.now()): boolean {
  const lastReloadAt = readTimestamp(STORAGE_KEYS.chunkReload, 'session');
  return lastReloadAt === null || now < lastReloadAt || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/**
 * Reloads the page unless it was reloaded for the same reason in the last minute; returns whether it did.
 * When it does not, the caller shows the error page instead of looping.
 */
export function reloadAfterChunkError(
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (!canReloadForChunkError(now)) return false;
  // Without storage the guard cannot work, and an endless reload loop is worse than an error page.
  if (!writeTimestamp(STORAGE_KEYS.chunkReload, now, 'session')) return false;
  reload();
  return true;
}

/**
 * Vite fires `vite:preloadError` when a chunk's dependencies fail to preload; unless prevented it rethrows,
 * which then reaches the route error page.
 */
export function installChunkErrorReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
