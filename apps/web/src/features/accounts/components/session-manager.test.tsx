// The session manager: a 403 authentication_required logs the member out (to login) unless the session is still there.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiRequest } from '../../../lib/api-client.ts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { SessionManager } from './session-manager.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const AUTH_REQUIRED = {
  status: 403,
  body: { error: { status: 403, code: 'authentication_required', message: '' }, authentication_required: true },
};

describe('SessionManager', () => {
  it('logs out to the login page, remembering where the member was, when the session is gone', async () => {
    mockFetch(() => AUTH_REQUIRED);
    const { router, queryClient } = renderWithProviders(<SessionManager />, {
      user: buildUser(),
      path: '/chats',
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    await expect(apiRequest('likes.php')).rejects.toMatchObject({ status: 403 });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/chats')}`);
    expect(queryClient.getQueryData(['user'])).toBeNull();
  });

  it('keeps the member when the 403 came from a session a new login had just replaced', async () => {
    const member = buildUser({ status: 'active' });
    mockFetch(({ url }) => (url.pathname === '/api/user.php' ? { body: { user: member } } : AUTH_REQUIRED));
    const { router, queryClient } = renderWithProviders(<SessionManager />, {
      user: buildUser({ status: 'not_confirmed' }),
      path: '/activate/done',
    });
    await expect(apiRequest('likes.php')).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(queryClient.getQueryData(['user'])).toEqual(member));
    expect(router.state.location.pathname).toBe('/activate/done');
  });

  it('keeps tracking parameters of the landing URL for the signup', () => {
    window.history.replaceState(null, '', '/?network={adnet}&ref=77');
    renderWithProviders(<SessionManager />);
    expect(JSON.parse(sessionStorage.getItem('signup_tracking') ?? '{}')).toEqual({ network: 'adnet', ref: '77' });
    window.history.replaceState(null, '', '/');
  });
});
