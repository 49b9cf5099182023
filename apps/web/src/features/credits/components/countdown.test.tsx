// The welcome bonus's countdown: hh:mm:ss zero-padded, one tick a second, and it stops (and says so) at zero.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Countdown } from './countdown.tsx';
import { formatCountdown, hoursLeft } from '../lib/countdown.ts';

const START = Date.parse('2026-03-01T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds to two digits and never goes below zero', () => {
    expect(formatCountdown(((3 * 60 + 59) * 60 + 59) * 1000)).toBe('03:59:59');
    expect(formatCountdown((5 * 60 + 7) * 1000)).toBe('00:05:07');
    expect(formatCountdown(999)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(hoursLeft(3.2 * 3_600_000)).toBe(4);
    expect(hoursLeft(-1)).toBe(0);
  });
});

describe('Countdown', () => {
  it('ticks every second, zero-padded', () => {
    render(<Countdown endsAt={START + (2 * 3600 + 5) * 1000} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('02:00:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('02:00:04');
    act(() => vi.advanceTimersByTime(4000));
    expect(timer.textContent).toBe('02:00:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('01:59:59');
  });

  it('stops at 00:00:00 and says it reached zero once', () => {
    const onZero = vi.fn();
    render(<Countdown endsAt={START + 3000} onZero={onZero} />);
    const timer = screen.getByRole('timer');
    act(() => vi.advanceTimersByTime(2000));
    expect(timer.textContent).toBe('00:00:01');
    expect(onZero).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:00:00');
    expect(onZero).toHaveBeenCalledTimes(1);
    // No more ticking: nothing is scheduled after zero.
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(timer.textContent).toBe('00:00:00');
    expect(onZero).toHaveBeenCalledTimes(1);
  });

  it('shows zero at once for a moment already past', () => {
    render(<Countdown endsAt={START - 10_000} />);
    expect(screen.getByRole('timer').textContent).toBe('00:00:00');
    expect(vi.getTimerCount()).toBe(0);
  });
});
