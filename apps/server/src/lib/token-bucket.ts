// A token bucket: `capacity` tokens, refilled at `perSecond`; each take spends one. Used to limit what one socket may
// send (docs/chat.md), where a per-request rate limit does not reach: frames arrive on an open connection.
export type TokenBucket = { take(): boolean };

export function createTokenBucket(
  capacity: number,
  perSecond: number,
  now: () => number = () => performance.now(),
): TokenBucket {
  let tokens = capacity;
  let refilledAt = now();
  return {
    take() {
      const at = now();
      tokens = Math.min(capacity, tokens + ((at - refilledAt) / 1000) * perSecond);
      refilledAt = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
