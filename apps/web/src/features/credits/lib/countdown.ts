// The welcome bonus's countdown (SPEC section 4): the shared hh:mm:ss format, and the hours the modal says are left.
export { formatCountdown } from '../../../lib/countdown.ts';

/** Whole hours left, rounded up ("act fast: only 4 hours left"), never below 0. */
export function hoursLeft(msLeft: number): number {
  return Math.max(0, Math.ceil(msLeft / 3_600_000));
}
