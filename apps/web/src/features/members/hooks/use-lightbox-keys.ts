// The lightbox's keys: arrow keys anywhere step between photos while it is open; Tab cycles inside the modal holding
// the returned element.
import { useEffect, useRef } from 'react';
import { cycleTab } from '../../../lib/tab-cycle.ts';

export function useLightboxKeys(step: (direction: 'next' | 'previous') => unknown) {
  const body = useRef<HTMLDivElement>(null);
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });
  // Arrow keys anywhere while the lightbox is open; Tab cycles inside it.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'ArrowRight') stepRef.current('next');
      else if (event.key === 'ArrowLeft') stepRef.current('previous');
      else return cycleTab(event, body.current?.closest('.modal') ?? null);
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return body;
}
