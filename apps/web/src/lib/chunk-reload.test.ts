// @vitest-environment jsdom
// A failed chunk reloads the page, but never twice within a minute.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  canReloadForChunkError,
  installChunkErrorReload,
  isChunkLoadError,
  reloadAfterChunkError,
} from './chunk-reload.ts';
import { STORAGE_KEYS } from './storage.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/page-abc.js',
    'error loading dynamically imported module: http://x/assets/page-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/page.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadAfterChunkError', () => {
  it('reloads the first time and stores when', () => {
    const reload = vi.fn();
    expect(reloadAfterChunkError(1_000_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.chunkReload)).toBe('1000000');
  });

  it('does not reload again within 60 s, and does after', () => {
    const reload = vi.fn();
    reloadAfterChunkError(1_000_000, reload);
    expect(reloadAfterChunkError(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(canReloadForChunkError(1_000_000 + 30_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(1_000_000 + CHUNK_RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the guard cannot be stored', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const reload = vi.fn();
    expect(reloadAfterChunkError(5, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('handles Vite preload errors by reloading once', () => {
    const reload = vi.fn();
    const location = { ...window.location, reload };
    vi.spyOn(window, 'location', 'get').mockReturnValue(location as Location);
    const uninstall = installChunkErrorReload();
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    // The second failure within a minute is left to surface as an error page.
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });
});
