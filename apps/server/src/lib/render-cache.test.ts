// The shared render cache (lib/render-cache.ts): one render per key, a bounded wait, a view past its time sent while
// it renders again, a slow kind answered plain at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRenderCache } from './render-cache.ts';

/** A render held until the test lets it finish. */
function heldRender(value: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const work = vi.fn(async () => {
    await gate;
    return { value };
  });
  return { work, release };
}

describe('render cache', () => {
  afterEach(() => vi.useRealTimers());

  it('renders a key once for everyone who asks meanwhile, and answers from memory after', async () => {
    const cache = createRenderCache<{ value: string }>({ max: 10, ttlMs: 1000, waitMs: 1000 });
    const { work, release } = heldRender('a');
    const asks = Array.from({ length: 5 }, () => cache.render('k', work, () => true));
    release();
    const answers = await Promise.all(asks);
    expect(work).toHaveBeenCalledTimes(1);
    for (const answer of answers) expect(answer).toEqual({ view: { value: 'a' }, isCached: false });
    expect(await cache.render('k', work, () => true)).toEqual({ view: { value: 'a' }, isCached: true });
  });

  it('answers busy past the wait and keeps the render going, which fills the cache', async () => {
    const cache = createRenderCache<{ value: string }>({ max: 10, ttlMs: 1000, waitMs: 20 });
    const { work, release } = heldRender('b');
    expect(await cache.render('k', work, () => true)).toBe('busy');
    // No render may start: busy at once.
    expect(await cache.render('other', work, () => false)).toBe('busy');
    release();
    await vi.waitFor(async () => expect(await cache.render('k', work, () => true)).toMatchObject({ isCached: true }));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('sends a view past its time while it renders again, then the new one', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const cache = createRenderCache<{ value: string }>({ max: 10, ttlMs: 100, waitMs: 1000 });
    await cache.render(
      'k',
      async () => ({ value: 'old' }),
      () => true,
    );
    vi.advanceTimersByTime(150);
    const refresh = vi.fn(async () => ({ value: 'new' }));
    expect(await cache.render('k', refresh, () => true)).toEqual({ view: { value: 'old' }, isCached: true });
    // The refresh starts after a burst's answers (a slow kind's delay).
    await vi.advanceTimersByTimeAsync(150);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await cache.render('k', refresh, () => true)).toEqual({ view: { value: 'new' }, isCached: true });
    // Far past its time (ten times), a view is not sent any more: rendered anew.
    vi.advanceTimersByTime(5000);
    expect(
      await cache.render(
        'k',
        async () => ({ value: 'newest' }),
        () => true,
      ),
    ).toEqual({
      view: { value: 'newest' },
      isCached: false,
    });
  });

  it('answers a slow kind of page plain at once, and renders it after the burst', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const cache = createRenderCache<{ value: string }>({ max: 10, ttlMs: 1000, waitMs: 20 });
    // A render of this kind took 50 ms, more than anyone waits.
    await cache.render(
      'first',
      async () => {
        vi.advanceTimersByTime(50);
        return { value: 'x' };
      },
      () => true,
      true,
      'home',
    );
    const work = vi.fn(async () => ({ value: 'y' }));
    expect(await cache.render('second', work, () => true, true, 'home')).toBe('busy');
    expect(await cache.render('second', work, () => true, true, 'home')).toBe('busy');
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(work).toHaveBeenCalledTimes(1);
    expect(await cache.render('second', work, () => true, true, 'home')).toMatchObject({ isCached: true });
  });
});
