// /activate?token=: a link opened again once the account is active says so, and offers the way on; a bad link goes to the error page.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { ActivatePage } from './activate-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

describe('ActivatePage', () => {
  it('tells a visitor whose link was used already that the account is active, with a way to log in', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/activate.php' ? jsonError(409, 'already_activated') : undefined));
    renderWithProviders(<ActivatePage />, { path: '/activate?token=used-token', user: null });
    expect(
      await screen.findByText('This link has been used already: your account is active. Log in to continue.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirectTo=%2Fmembers');
    expect(screen.queryByText(/Activation failed/)).toBeNull();
  });

  it('sends a logged-in member on to the members instead', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/activate.php'
        ? jsonError(409, 'already_activated')
        : url.pathname === '/api/user.php'
          ? { body: { user: buildUser() } }
          : undefined,
    );
    renderWithProviders(<ActivatePage />, { path: '/activate?token=used-token', user: buildUser() });
    expect((await screen.findByRole('link', { name: 'Go to the members' })).getAttribute('href')).toBe('/members');
  });

  it('sends an unknown link to the activation error page', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/activate.php' ? jsonError(400, 'activation_failed') : undefined));
    renderWithProviders(<ActivatePage />, {
      path: '/activate?token=bad-token',
      user: null,
      routes: [{ path: '/activate/error', element: <h1>Activation error</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Activation error' })).toBeTruthy();
  });
});
