// Page-bounce beacon: only with ?lb, once, when the page becomes hidden.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_HIDDEN_URL, installPageBounceLogging } from './page-bounce.ts';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  setVisibility('visible');
  vi.restoreAllMocks();
});

describe('page-bounce logging', () => {
  it('sends one beacon with the path when the page is hidden', async () => {
    window.history.replaceState(null, '', '/landers/video?lb=1');
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const uninstall = installPageBounceLogging();
    setVisibility('visible');
    expect(sendBeacon).not.toHaveBeenCalled();
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(PAGE_HIDDEN_URL);
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await body.text())).toEqual({ path: '/landers/video' });
    uninstall();
  });

  it('does nothing without ?lb', () => {
    window.history.replaceState(null, '', '/?x=1');
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    installPageBounceLogging();
    setVisibility('hidden');
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
