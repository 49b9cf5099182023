// Dragging a swipe card sideways: how far it has moved, and the decision when it is let go past the threshold.
import { useRef, useState, type PointerEvent } from 'react';
import { getSwipeDecision } from '../lib/countdown.ts';
import type { SwipeAction } from './use-swipe-game.ts';

export function useSwipeDrag({
  isDisabled,
  onDecide,
}: {
  isDisabled: boolean;
  onDecide: (action: SwipeAction) => void;
}) {
  const [deltaX, setDeltaX] = useState(0);
  const [isDragging, setIsDragging] = useState(false);
  const start = useRef<{ x: number; pointerId: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isDisabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // The "View profile" link stays a link.
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    start.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
    setIsDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId === event.pointerId) setDeltaX(event.clientX - start.current.x);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const decision = getSwipeDecision(event.clientX - start.current.x);
    start.current = null;
    setIsDragging(false);
    setDeltaX(0);
    if (decision) onDecide(decision);
  };

  return { deltaX, isDragging, onPointerDown, onPointerMove, endDrag };
}
