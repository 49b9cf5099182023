// Time left until a moment, as hours:minutes:seconds, zero-padded (the swipe game's wait for the next day).
export function formatCountdown(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

/** Which way a drag ends: far enough right is a like, far enough left a skip, else the card springs back. */
export const SWIPE_THRESHOLD_PX = 100;

export function getSwipeDecision(deltaX: number, threshold: number = SWIPE_THRESHOLD_PX): 'like' | 'skip' | null {
  if (deltaX >= threshold) return 'like';
  if (deltaX <= -threshold) return 'skip';
  return null;
}
