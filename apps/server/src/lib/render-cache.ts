// Pages rendered once and shared by every visitor who gets the same page (docs/first-view.md, docs/landers.md): kept
// per instance for a while, one render per key at a time (single flight), and nobody waits long for a render. A
// visitor whose page is not ready within the wait budget gets the plain page at once (the app renders it in the
// browser), while the render goes on and fills the cache for the next visitor. A view past its time is rendered again
// like a missing one, and sent instead of the plain page when the new one is not ready in time (stale while
// revalidate), for a bounded time.
import { LRUCache } from 'lru-cache';

/**
 * A slow kind's render starts this long after the visitor who asked was answered: a burst of visitors (an ad going
 * live) is answered first, and the render does not hold the thread while they arrive.
 */
const SLOW_RENDER_DELAY_MS = 100;
/** A view past its time is sent while it renders again for at most this many times its time, then not at all. */
const STALE_FACTOR = 10;

export type RenderCacheOptions = {
  /** Keys kept (hosts × languages × places × addresses seen). */
  max: number;
  /** How long a render is served from memory as it is. */
  ttlMs: number;
  /** How long a request waits for a render under way (its own or another's) before it is answered plain. */
  waitMs: number;
};

/** What `render` answers: the view, or `busy` (send the plain page), or null (the page has no view). */
export type RenderOutcome<V> = { view: V; isCached: boolean } | 'busy' | null;

export function createRenderCache<V extends object>(options: RenderCacheOptions) {
  const views = new LRUCache<string, { view: V; at: number }>({
    max: options.max,
    ttl: options.ttlMs * STALE_FACTOR,
  });
  const flights = new Map<string, Promise<V | null>>();
  /** How long renders of each kind of page took lately (moving average, ms). */
  const durations = new Map<string, number>();

  /** The render of `key`, started now or (a slow kind) after a burst; it fills the cache when it is done. */
  function start(key: string, work: () => Promise<V | null>, kind: string, isSlow: boolean): Promise<V | null> {
    let startedAt = 0;
    const run = () => {
      startedAt = performance.now();
      return work();
    };
    const flight = (
      isSlow ? new Promise<void>((resolve) => setTimeout(resolve, SLOW_RENDER_DELAY_MS)).then(run) : run()
    )
      .then((view) => {
        const took = performance.now() - startedAt;
        durations.set(kind, durations.has(kind) ? durations.get(kind)! * 0.7 + took * 0.3 : took);
        if (view) views.set(key, { view, at: performance.now() });
        return view;
      })
      .finally(() => flights.delete(key));
    // A render that outlives every waiter still fills the cache; its failure is the waiters' (or nobody's).
    flight.catch(() => undefined);
    flights.set(key, flight);
    return flight;
  }

  return {
    /**
     * The view of `key`: from memory while it is fresh, else from the render under way for it, else from a new render
     * (`work`) when `mayStart()` allows one. Waits at most `waitMs` for a render; past that, or when no render may
     * start, the view past its time if there is one (kept up to ten times its time), else `busy`. `isFresh` false:
     * memory is not trusted now (the bus is down), so the view is rendered again. `kind`: the kind of page, whose
     * recent render times decide whether it is slow.
     */
    async render(
      key: string,
      work: () => Promise<V | null>,
      mayStart: () => boolean,
      isFresh = true,
      kind = '',
    ): Promise<RenderOutcome<V>> {
      const cached = isFresh ? views.get(key) : undefined;
      const age = cached ? performance.now() - cached.at : 0;
      if (cached && age <= options.ttlMs) return { view: cached.view, isCached: true };
      /** What a visitor gets when the render is not theirs in time: the view past its time, else the plain page. */
      const instead: RenderOutcome<V> =
        cached && age <= options.ttlMs * STALE_FACTOR ? { view: cached.view, isCached: true } : 'busy';
      // A kind of page whose renders lately took longer than anyone waits: answered at once, to this visitor and to
      // everyone who asks meanwhile, and the render after them (it holds this instance's thread while it runs).
      const isSlow = (durations.get(kind) ?? 0) > options.waitMs;
      let flight = flights.get(key);
      if (!flight) {
        if (!mayStart()) return instead;
        flight = start(key, work, kind, isSlow);
      }
      if (isSlow) return instead;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.waitMs);
      });
      try {
        const view = await Promise.race([flight, late]);
        if (view === 'late') return instead;
        return view ? { view, isCached: false } : null;
      } finally {
        clearTimeout(timer);
      }
    },
    clear(): void {
      views.clear();
    },
  };
}
export type RenderCache<V extends object> = ReturnType<typeof createRenderCache<V>>;
