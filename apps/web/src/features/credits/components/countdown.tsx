// A live hours:minutes:seconds countdown to `endsAt`, zero-padded, ticking every second; it stops at 00:00:00.
import { useEffect } from 'react';
import { useNow } from '../../../hooks/use-now.ts';
import { formatCountdown } from '../lib/countdown.ts';

type CountdownProps = { endsAt: number; className?: string; onZero?: () => void };

export function Countdown({ endsAt, className = '', onZero }: CountdownProps) {
  const now = useNow(endsAt);
  const msLeft = Math.max(0, endsAt - now);
  const isDone = msLeft <= 0;
  useEffect(() => {
    if (isDone) onZero?.();
  }, [isDone, onZero]);
  return (
    // role timer: assistive technology reads it when asked, without announcing every second.
    <span role="timer" className={`countdown font-monospace ${className}`} data-testid="countdown">
      {formatCountdown(msLeft)}
    </span>
  );
}
