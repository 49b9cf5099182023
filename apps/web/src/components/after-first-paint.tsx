// Renders its children once the page has painted: overlays and other code nothing on the first screen shows load after
// the first paint instead of before it (docs/web-build.md). Lazy children get their own Suspense boundary.
import { Suspense, useEffect, useState, type ReactNode } from 'react';

let hasPainted = false;

function afterNextPaint(callback: () => void): () => void {
  // Two frames, then a task: the first frame's paint has been presented by the time the task runs.
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** `fallback` shows until then, and while lazy children load. */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [isShown, setIsShown] = useState(hasPainted);
  useEffect(() => {
    if (isShown) return;
    return afterNextPaint(() => {
      hasPainted = true;
      setIsShown(true);
    });
  }, [isShown]);
  return isShown ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
