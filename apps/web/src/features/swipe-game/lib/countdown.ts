// The swipe game's wait for the next day (the shared hh:mm:ss format), and which way a drag ends.
export { formatCountdown } from '../../../lib/countdown.ts';

/** Which way a drag ends: far enough right is a like, far enough left a skip, else the card springs back. */
export const SWIPE_THRESHOLD_PX = 100;

export function getSwipeDecision(deltaX: number, threshold: number = SWIPE_THRESHOLD_PX): 'like' | 'skip' | null {
  if (deltaX >= threshold) return 'like';
  if (deltaX <= -threshold) return 'skip';
  return null;
}
