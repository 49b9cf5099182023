// Whether an error page should reload for a failed chunk instead of showing (once a minute, lib/chunk-reload.ts).
import { useEffect, useMemo } from 'react';
import { canReloadForChunkError, isChunkLoadError, reloadAfterChunkError } from '../../lib/chunk-reload.ts';

/**
 * Decides once per error, and reloads for a failed chunk when the guard allows: the error page renders nothing then.
 * The decision holds for the error: once the reload's time is stored, a render before the page unloads (a language or
 * data change) must not turn into the error page, which would show for a moment while the reload is under way.
 */
export function useChunkReload(error: unknown): boolean {
  const isReloading = useMemo(() => isChunkLoadError(error) && canReloadForChunkError(), [error]);
  useEffect(() => {
    if (isReloading) reloadAfterChunkError();
    else console.error(error);
  }, [error, isReloading]);
  return isReloading;
}
