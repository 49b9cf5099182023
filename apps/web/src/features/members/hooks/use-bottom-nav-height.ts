// The height of the members' bottom navigation while it is fixed to the screen (below 992 px), 0 otherwise: the
// profile's action bar sits right on top of it whatever the labels' length in the member's language.
import { useLayoutEffect, useState } from 'react';

export function useBottomNavHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const nav = document.querySelector<HTMLElement>('.member-nav');
    if (!nav || typeof ResizeObserver === 'undefined') return;
    const update = () =>
      setHeight(getComputedStyle(nav).position === 'fixed' ? Math.ceil(nav.getBoundingClientRect().height) : 0);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, []);
  return height;
}
