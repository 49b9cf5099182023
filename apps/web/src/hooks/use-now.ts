// The current time, ticking every `intervalMs` (countdowns); with an `until`, it stops ticking once that time has passed.
import { useEffect, useState } from 'react';

export function useNow(until: number | null = null, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until !== null && Date.now() >= until) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (until !== null && current >= until) clearInterval(timer);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [until, intervalMs]);
  return now;
}
