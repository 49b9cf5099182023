// Pages rendered once and shared by every visitor who gets the same page (docs/first-view.md, docs/landers.md): kept
// per instance for a while, one render per key at a time (single flight), and nobody waits long for a render. A
// visitor whose page is not ready within the wait budget gets the plain page at once (the app renders it in the
// browser), while the render goes on and fills the cache for the next visitor.
import { LRUCache } from 'lru-cache';

/**
 * A slow kind's render starts this long after the visitor who asked was answered: a burst of visitors (an ad going
 * live) is answered first, and the render does not hold the thread while they arrive.
 */
const SLOW_RENDER_DELAY_MS = 100;

export type RenderCacheOptions = {
  /** Keys kept (hosts × languages × places × addresses seen). */
  max: number;
  /** How long a render is served from memory. */
  ttlMs: number;
  /** How long a request waits for a render under way (its own or another's) before it is answered plain. */
  waitMs: number;
};

/** What `render` answers: the view, or `busy` (send the plain page), or null (the page has no view). */
export type RenderOutcome<V> = { view: V; isCached: boolean } | 'busy' | null;

export function createRenderCache<V extends object>(options: RenderCacheOptions) {
  const views = new LRUCache<string, V>({ max: options.max, ttl: options.ttlMs });
  const flights = new Map<string, Promise<V | null>>();
  /** How long renders of each kind of page took lately (moving average, ms). */
  const durations = new Map<string, number>();
  return {
    /**
     * The view of `key`: from memory, else from the render under way for it, else from a new render (`work`) when
     * `mayStart()` allows one. Waits at most `waitMs` for a render; past that, or when no render may start, `busy`.
     * `isFresh` false: memory is not trusted now (the bus is down), so the view is rendered again.
     */
    async render(
      key: string,
      work: () => Promise<V | null>,
      mayStart: () => boolean,
      isFresh = true,
      kind = '',
    ): Promise<RenderOutcome<V>> {
      const cached = isFresh ? views.get(key) : undefined;
      if (cached) return { view: cached, isCached: true };
      let flight = flights.get(key);
      // A kind of page whose renders lately took longer than anyone waits: the plain page at once, to this visitor and
      // to everyone who asks meanwhile, and the render after them (it holds this instance's thread while it runs).
      const isSlow = (durations.get(kind) ?? 0) > options.waitMs;
      if (!flight) {
        if (!mayStart()) return 'busy';
        const started = { at: 0 };
        const run = () => {
          started.at = performance.now();
          return work();
        };
        flight = (isSlow ? new Promise<void>((resolve) => setTimeout(resolve, SLOW_RENDER_DELAY_MS)).then(run) : run())
          .then((view) => {
            const took = performance.now() - started.at;
            durations.set(kind, durations.has(kind) ? durations.get(kind)! * 0.7 + took * 0.3 : took);
            if (view) views.set(key, view);
            return view;
          })
          .finally(() => flights.delete(key));
        // A render that outlives every waiter still fills the cache; its failure is the waiters' (or nobody's).
        flight.catch(() => undefined);
        flights.set(key, flight);
      }
      if (isSlow) return 'busy';
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'busy'>((resolve) => {
        timer = setTimeout(() => resolve('busy'), options.waitMs);
      });
      try {
        const view = await Promise.race([flight, late]);
        if (view === 'busy') return 'busy';
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
