// The scrolling of a conversation's message list: older messages put in front keep the visible ones where they were,
// new ones at the end scroll into view when the member was at the bottom already (or sent them), and the top of the
// list loads the older page when it comes near.
import { useEffect, useLayoutEffect, useRef } from 'react';

export function useMessageScroll(options: {
  /** The sequence of the first message shown: when it changes, older messages were put in front. */
  firstSeq: number | undefined;
  /** The last row's key, and whether it is an own message being sent (then the list scrolls to it). */
  lastRowKey: string | undefined;
  lastIsOwnPending: boolean;
  hasMore: boolean;
  isLoadingOlder?: boolean;
  onLoadOlder?: () => void;
}) {
  const { firstSeq, lastRowKey, lastIsOwnPending, hasMore, isLoadingOlder, onLoadOlder } = options;
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const anchor = useRef<{ firstSeq: number | undefined; height: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const previous = anchor.current;
    if (previous && previous.firstSeq !== firstSeq && previous.firstSeq !== undefined) {
      element.scrollTop = element.scrollHeight - previous.height + previous.top;
    } else if (isNearBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    anchor.current = { firstSeq, height: element.scrollHeight, top: element.scrollTop };
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (element && lastIsOwnPending) element.scrollTop = element.scrollHeight;
  }, [lastRowKey, lastIsOwnPending]);

  useEffect(() => {
    const target = topRef.current;
    const root = scrollRef.current;
    if (!target || !root || !hasMore || !onLoadOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isLoadingOlder) onLoadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, onLoadOlder, isLoadingOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    isNearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    anchor.current = { firstSeq, height: element.scrollHeight, top: element.scrollTop };
  };

  return { scrollRef, topRef, onScroll };
}
