// A page's address as far as the page is concerned: its path and the query keys it reads, in a stable order, without
// the click ids and campaign tags that only name a visit (docs/traffic.md). Cached pages are keyed and rendered by it,
// so a thousand unique ad clicks share one render and none of their ids is written into a page another visitor gets.
export function pageAddress(url: string, isTrackingKey: (key: string) => boolean): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  const query = new URLSearchParams(url.slice(mark + 1));
  const kept = [...query.entries()].filter(([key]) => !isTrackingKey(key));
  if (kept.length === 0) return path;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
