// The shared render cache (lib/render-cache.ts): one render per key, a bounded wait, a view past its time rendered
// again and sent only while the new one is not ready, a slow kind answered at once.
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

  it('renders a view past its time again, and sends the old one only while the new one is not ready in time', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const cache = createRenderCache<{ value: string }>({ max: 10, ttlMs: 100, waitMs: 20 });
    await cache.render(
      'k',
      async () => ({ value: 'old' }),
      () => true,
    );
    vi.advanceTimersByTime(150);
    // Ready within the wait: the visitor gets the new view, not the old one.
    expect(
      await cache.render(
        'k',
        async () => ({ value: 'new' }),
        () => true,
      ),
    ).toEqual({ view: { value: 'new' }, isCached: false });
    vi.advanceTimersByTime(150);
    const { work, release } = heldRender('newer');
    // No render may start: the old view instead of the plain page.
    expect(await cache.render('k', work, () => false)).toEqual({ view: { value: 'new' }, isCached: true });
    expect(work).not.toHaveBeenCalled();
    // Not ready within the wait: the old view too; the render goes on and fills the cache.
    const asked = cache.render('k', work, () => true);
    await vi.advanceTimersByTimeAsync(20);
    expect(await asked).toEqual({ view: { value: 'new' }, isCached: true });
    release();
    await vi.advanceTimersByTimeAsync(1);
    expect(await cache.render('k', work, () => true)).toEqual({ view: { value: 'newer' }, isCached: true });
    expect(work).toHaveBeenCalledTimes(1);
    // Far past its time (ten times), a view is not sent any more: rendered anew, or the plain page.
    vi.advanceTimersByTime(5000);
    expect(await cache.render('k', work, () => false)).toBe('busy');
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

  it('sends a slow kind past its time at once, and renders it after the burst', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const cache = createRenderCache<{ value: string }>({ max: 10, ttlMs: 100, waitMs: 20 });
    // A render of this kind took 50 ms, more than anyone waits.
    await cache.render(
      'k',
      async () => {
        vi.advanceTimersByTime(50);
        return { value: 'old' };
      },
      () => true,
      true,
      'home',
    );
    vi.advanceTimersByTime(150);
    const refresh = vi.fn(async () => ({ value: 'new' }));
    expect(await cache.render('k', refresh, () => true, true, 'home')).toEqual({
      view: { value: 'old' },
      isCached: true,
    });
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(150);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await cache.render('k', refresh, () => true, true, 'home')).toEqual({
      view: { value: 'new' },
      isCached: true,
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
