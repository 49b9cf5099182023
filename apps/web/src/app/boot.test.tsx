// Boot failure: when the settings cannot load, the generic error page shows in the cookie language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LANGUAGE_COOKIE } from '@app/i18n';
import { i18next } from '../lib/i18n.ts';
import { bootApp } from './app.tsx';
import { BootError } from './routes/boot-error.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('boot failure', () => {
  it('initialises i18n in the cookie language and shows the error page', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=en-US; path=/`;
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(
          JSON.stringify({
            error: { status: 400, code: 'bad_request', message: 'The request could not be processed.' },
          }),
          {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const error = await bootApp().then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/settings.php?forced-domain=localhost');
    expect(i18next.isInitialized).toBe(true);
    expect(i18next.language).toBe('en-US');

    render(<BootError error={error} />);
    expect(screen.getByRole('heading', { level: 1, name: '400 The request could not be processed.' })).toBeTruthy();
  });

  it('shows "500 Error" when the network is down', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<BootError error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('heading', { level: 1, name: '500 Error' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});
