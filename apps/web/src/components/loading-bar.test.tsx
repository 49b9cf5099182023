// The loading bar follows TanStack Query fetches and router navigations, with the SPEC's throttle and hide delay.
// On a fake clock, so "the bar never showed" is checked at given moments rather than after a real-time sleep. Only
// timers and Date are faked: faking everything (setImmediate, queueMicrotask, ...) stalls React's scheduler and `act`,
// and the tree stays empty.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';
import { LoadingBar } from './loading-bar.tsx';

beforeAll(() => setupI18n());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fake time forward, flushing React and promises (Testing Library's find* and waitFor do not run on fake timers). What
 * is due now runs first in its own `act` (TanStack's notifier is a zero timeout, and React applies an `act` scope's
 * updates at its end): so the bar's timers start at the moment loading starts, not at the end of the step.
 */
async function advance(ms: number) {
  for (const step of [0, ms])
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
}

const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });

function SlowQuery({ ms, onDone }: { ms: number; onDone?: () => void }) {
  useQuery({
    queryKey: ['slow', ms],
    queryFn: () =>
      wait(ms).then(() => {
        onDone?.();
        return 'done';
      }),
  });
  return null;
}

describe('LoadingBar', () => {
  it('stays hidden for a fetch shorter than 200 ms', async () => {
    let isDone = false;
    renderWithProviders(
      <>
        <LoadingBar />
        <SlowQuery ms={80} onDone={() => (isDone = true)} />
      </>,
    );
    await advance(79);
    expect(isDone).toBe(false);
    expect(bar()).toBeNull();
    await advance(1);
    expect(isDone).toBe(true);
    // Past the throttle: a bar that had been shown would still be at 100 % here (it hides 500 ms after the end).
    for (let elapsed = 80; elapsed < 400; elapsed += 20) {
      await advance(20);
      expect(bar()).toBeNull();
    }
  });

  it('shows during a slow fetch, reaches 100 % when done and hides 500 ms later', async () => {
    renderWithProviders(
      <>
        <LoadingBar />
        <SlowQuery ms={600} />
      </>,
    );
    await advance(199);
    expect(bar()).toBeNull();
    await advance(1);
    expect(bar()?.getAttribute('aria-valuenow')).toBe('0');
    await advance(399);
    expect(Number(bar()?.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(Number(bar()?.getAttribute('aria-valuenow'))).toBeLessThan(100);
    // The fetch ends at 600 ms; the cache's notice follows a fake millisecond later (a zero timeout set during a tick).
    await advance(10);
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    await advance(480);
    expect(bar()?.getAttribute('aria-valuenow')).toBe('100');
    await advance(20);
    expect(bar()).toBeNull();
  });

  it('follows router navigations to slow routes', async () => {
    const { router } = renderWithProviders(<LoadingBar />, {
      routes: [{ path: '/slow', loader: () => wait(400).then(() => null), element: <LoadingBar /> }],
    });
    await act(async () => {
      void router.navigate('/slow');
    });
    await advance(199);
    expect(bar()).toBeNull();
    await advance(1);
    expect(bar()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/');
    await advance(200);
    expect(router.state.location.pathname).toBe('/slow');
  });
});
