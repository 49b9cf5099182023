// @vitest-environment jsdom
// The photo upload bypasses apiRequest (for its progress events) but keeps its contract: Request-Type header and auth-required logout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onAuthenticationRequired } from '../../../lib/api-client.ts';
import { uploadPhoto } from './upload-photo.ts';

/** A stand-in XMLHttpRequest answering every send with one status and body. */
function stubXhr(status: number, body: unknown) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  class FakeXhr extends EventTarget {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload = new EventTarget();
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send() {
      sent.push({ url: this.url, headers: this.headers });
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.dispatchEvent(new Event('load')));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadPhoto', () => {
  it('logs the member out on a 403 with authentication_required, like every other request', async () => {
    const sent = stubXhr(403, {
      error: { status: 403, code: 'authentication_required', message: 'Log in' },
      authentication_required: true,
    });
    const listener = vi.fn();
    const unsubscribe = onAuthenticationRequired(listener);
    try {
      const failure = await uploadPhoto({ file: new File(['x'], 'a.jpg', { type: 'image/jpeg' }) }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).isAuthenticationRequired).toBe(true);
      expect(listener).toHaveBeenCalledTimes(1);
      expect(sent[0]?.headers['Request-Type']).toBe('client');
    } finally {
      unsubscribe();
    }
  });

  it('leaves other refusals to the caller', async () => {
    stubXhr(403, { error: { status: 403, code: 'photo_limit_reached', message: 'Limit' } });
    const listener = vi.fn();
    const unsubscribe = onAuthenticationRequired(listener);
    try {
      await expect(uploadPhoto({ file: new File(['x'], 'a.jpg', { type: 'image/jpeg' }) })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(listener).not.toHaveBeenCalled();
    } finally {
      unsubscribe();
    }
  });
});
