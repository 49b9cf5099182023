// The top navigation for a member: avatar (or placeholder) and username, my profile, settings and logout.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { TopNav } from './top-nav.tsx';
import { SessionManager } from '../../accounts/index.ts';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

describe('account dropdown in the top navigation', () => {
  it('shows the Login button to visitors', async () => {
    renderWithProviders(<TopNav />);
    expect((await screen.findByRole('link', { name: 'Login' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('shows the member avatar thumbnail and username with profile, settings and logout', async () => {
    const user = buildUser({
      profile: {
        ...buildUser().profile,
        name: 'Anna',
        main_image: { filename: 'p/7.jpg', thumb_filename: 'p/7_t.jpg', status: 'active' as const },
      },
    });
    const { container } = renderWithProviders(<TopNav />, {
      user,
      settings: { cdn_prefix: 'https://cdn.example/img/' },
    });
    const toggle = await screen.findByRole('button', { name: 'Account menu of Anna' });
    expect(within(toggle).getByText('Anna')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/img/p/7_t.jpg');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    fireEvent.click(toggle);
    expect((await screen.findByRole('link', { name: 'My profile' })).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/notifications');
    expect(screen.getByRole('link', { name: 'Who viewed me' }).getAttribute('href')).toBe('/visitors');
  });

  it('shows a placeholder without a main image and logs out to the root', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/logout.php' ? { body: { success: true } } : undefined,
    );
    const { router, queryClient } = renderWithProviders(
      <>
        <TopNav />
        <SessionManager />
      </>,
      { user: buildUser(), path: '/notifications' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu of Anna' }));
    expect(screen.getByTestId('avatar-placeholder')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The session ends once the root shows, and the history entry forgets that it ended one.
    await waitFor(() => expect(queryClient.getQueryData(['user'])).toBeNull());
    await waitFor(() => expect(router.state.location.state).toEqual({}));
    expect(calls.map((call) => call.path)).toContain('/api/logout.php');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
