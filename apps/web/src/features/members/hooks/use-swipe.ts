// Horizontal swipes on touch (pointer events, no library): left shows the next photo, right the previous one.
import { useRef, type PointerEvent } from 'react';

/** A swipe is a horizontal move of at least this many pixels that is more horizontal than vertical. */
export const SWIPE_MIN_PX = 40;

export function useSwipe(onSwipe: (direction: 'next' | 'previous') => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  /** Set when the last pointer sequence was a swipe, so the click that follows it does not open the lightbox. */
  const wasSwipe = useRef(false);

  return {
    wasSwipe,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        wasSwipe.current = false;
      },
      onPointerUp: (event: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
        wasSwipe.current = true;
        onSwipe(dx < 0 ? 'next' : 'previous');
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
  };
}
