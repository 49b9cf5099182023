// The installed app's Back button: only in standalone display mode, only with an in-app page behind.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { Link, RouterProvider, createBrowserRouter } from 'react-router';
import { setupI18n } from '../test-support/render.tsx';
import { InstalledAppBack } from './installed-app-back.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

function stubDisplayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderApp() {
  window.history.replaceState(null, '', '/');
  const router = createBrowserRouter([
    { path: '/', element: <Link to="/members/7">Open Bea</Link> },
    {
      path: '/members/:id',
      element: (
        <>
          <InstalledAppBack />
          <h1>Bea</h1>
        </>
      ),
    },
  ]);
  render(
    <I18nextProvider i18n={i18next}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

describe('InstalledAppBack', () => {
  it('shows in the installed app after an in-app navigation, and goes back', async () => {
    stubDisplayMode(true);
    const router = renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Open Bea' }));
    const back = await screen.findByRole('button', { name: 'Back' });
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does not show on the first page of the installed app (nothing to go back to)', async () => {
    stubDisplayMode(true);
    window.history.replaceState(null, '', '/members/7');
    render(
      <I18nextProvider i18n={i18next}>
        <RouterProvider
          router={createBrowserRouter([
            {
              path: '/members/:id',
              element: (
                <>
                  <InstalledAppBack />
                  <h1>Bea</h1>
                </>
              ),
            },
          ])}
        />
      </I18nextProvider>,
    );
    // The page rendered (its heading is there), so the button had its chance to show.
    await screen.findByRole('heading', { name: 'Bea' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('does not show in a browser tab (the browser has its own Back)', async () => {
    stubDisplayMode(false);
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Open Bea' }));
    await screen.findByRole('heading', { name: 'Bea' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
