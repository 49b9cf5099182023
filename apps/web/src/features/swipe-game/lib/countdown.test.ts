// The swipe game's wait for the next day (hh:mm:ss) and when a drag decides.
import { describe, expect, it } from 'vitest';
import { formatCountdown, getSwipeDecision } from './countdown.ts';

describe('swipe game helpers', () => {
  it('formats the time left zero-padded and never below 0', () => {
    expect(formatCountdown(((5 * 60 + 7) * 60 + 9) * 1000)).toBe('05:07:09');
    expect(formatCountdown(500)).toBe('00:00:01');
    expect(formatCountdown(-2000)).toBe('00:00:00');
  });

  it('likes past 100 px to the right, skips past 100 px to the left, else springs back', () => {
    expect(getSwipeDecision(120)).toBe('like');
    expect(getSwipeDecision(-100)).toBe('skip');
    expect(getSwipeDecision(40)).toBeNull();
  });
});
