// Page-bounce logging: with `?lb` in the URL, tells the API once when the visitor hides the page.
export const PAGE_HIDDEN_URL = '/api/page-hidden.php';
export const PAGE_BOUNCE_PARAM = 'lb';

export function installPageBounceLogging(target: Window = window): () => void {
  if (!new URLSearchParams(target.location.search).has(PAGE_BOUNCE_PARAM)) return () => {};
  const doc = target.document;
  const onVisibilityChange = () => {
    if (doc.visibilityState !== 'hidden') return;
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    // A beacon survives the page being closed, which is exactly when a bounce happens.
    const body = new Blob([JSON.stringify({ path: target.location.pathname })], { type: 'application/json' });
    target.navigator.sendBeacon?.(PAGE_HIDDEN_URL, body);
  };
  doc.addEventListener('visibilitychange', onVisibilityChange);
  return () => doc.removeEventListener('visibilitychange', onVisibilityChange);
}
