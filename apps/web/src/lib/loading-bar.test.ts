// Loading bar timing (SPEC section 9): 200 ms throttle, 5 s towards 100 %, hidden 500 ms after done.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, type LoadingBarState } from './loading-bar.ts';

let states: LoadingBarState[];
const last = () => states.at(-1);

beforeEach(() => {
  vi.useFakeTimers();
  states = [];
});
afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('never shows for loads shorter than 200 ms', () => {
    const bar = createLoadingBar((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(2_000);
    expect(states).toEqual([]);
    expect(bar.getState().isVisible).toBe(false);
  });

  it('appears after 200 ms and creeps to 100 % over 5 s', () => {
    const bar = createLoadingBar((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(200);
    expect(last()).toEqual({ isVisible: true, progress: 0 });
    vi.advanceTimersByTime(2_500);
    expect(last()?.progress).toBeCloseTo(50, 5);
    vi.advanceTimersByTime(2_500);
    expect(last()?.progress).toBe(100);
    vi.advanceTimersByTime(5_000);
    expect(last()?.progress).toBe(100);
    expect(bar.getState().isVisible).toBe(true);
  });

  it('jumps to 100 % when done and hides 500 ms later', () => {
    const bar = createLoadingBar((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(1_200);
    expect(last()?.progress).toBeLessThan(100);
    bar.finish();
    expect(last()).toEqual({ isVisible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.getState().isVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ isVisible: false, progress: 0 });
  });

  it('restarts at once when a new load begins while the finished bar is still showing', () => {
    const bar = createLoadingBar((state) => states.push(state));
    bar.start();
    vi.advanceTimersByTime(1_000);
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(last()).toEqual({ isVisible: true, progress: 0 });
    vi.advanceTimersByTime(1_000);
    expect(bar.getState().isVisible).toBe(true);
    expect(last()?.progress).toBeCloseTo(20, 5);
  });

  it('ignores repeated start and finish calls and stops on dispose', () => {
    const onChange = vi.fn();
    const bar = createLoadingBar(onChange);
    bar.finish();
    bar.start();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.dispose();
    const calls = onChange.mock.calls.length;
    vi.advanceTimersByTime(10_000);
    expect(onChange.mock.calls.length).toBe(calls);
  });
});
