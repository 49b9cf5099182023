// Route errors: a failed chunk reloads once a minute, other errors show the generic error page, and a broken error page falls back.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { data } from 'react-router';
import { renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { i18next } from '../../lib/i18n.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { ErrorPageBoundary } from './error-page-boundary.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

function mockReload() {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
  return reload;
}

function renderFailingRoute(route: { lazy?: () => Promise<never>; loader?: () => never; Component?: () => null }) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return renderWithProviders(<p>other</p>, {
    path: '/broken',
    routes: [
      {
        path: '/broken',
        errorElement: <RouteErrorBoundary />,
        HydrateFallback: () => null,
        Component: () => null,
        ...route,
      },
    ],
  });
}

describe('RouteErrorBoundary', () => {
  it('reloads the page when a route chunk fails to load', async () => {
    const reload = mockReload();
    renderFailingRoute({
      lazy: async () => {
        throw new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
      },
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(STORAGE_KEYS.chunkReload)).not.toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    // Rendered again before the page unloads (here: a language change), it still waits for the reload: the stored
    // time now forbids another, but the error page must not show for the moment the reload takes.
    await act(() => i18next.changeLanguage('de'));
    await act(() => i18next.changeLanguage('en'));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error page instead of reloading twice within a minute', async () => {
    const reload = mockReload();
    sessionStorage.setItem(STORAGE_KEYS.chunkReload, String(Date.now() - 10_000));
    renderFailingRoute({
      lazy: async () => {
        throw new TypeError('Failed to fetch dynamically imported module: /assets/page.js');
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '500 Error' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows "500 Error" for an exception, without leaking its text', async () => {
    renderFailingRoute({
      Component: () => {
        throw new Error('Cannot read properties of undefined');
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '500 Error' })).toBeTruthy();
    expect(screen.queryByText(/Cannot read/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("shows an API error's status and translated message", async () => {
    renderFailingRoute({
      loader: () => {
        throw new ApiError(503, 'service_unavailable', 'The service is temporarily unavailable.');
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: '503 The service is temporarily unavailable.' }),
    ).toBeTruthy();
  });

  it('gives a 404 response the not-found text and the link home', async () => {
    renderFailingRoute({
      loader: () => {
        throw data('missing', { status: 404 });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '404 This page could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe('ErrorPageBoundary', () => {
  it('falls back with details and a link home when the error page itself fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('error page exploded');
    };
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'An error occurred while showing the error page' })).toBeTruthy();
    expect(screen.getByText('Error: error page exploded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});
