// /activate/done: the signup profile card, the get-premium card and the overview of members (SPEC section 2).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ProfileCard } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { ActivateDonePage } from './activate-done-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const card = (id: number, name: string): ProfileCard => ({
  id,
  name,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: 'Utrecht',
  main_image: null,
  is_fictional: false,
});

describe('ActivateDonePage', () => {
  it('shows the profile card, the premium card and an overview of the members near the member (signup matches)', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/signup-matches.php'
        ? {
            body: {
              profiles: [
                { ...card(11, 'Bea'), is_liked: false, is_liked_by: false },
                { ...card(12, 'Cleo'), is_liked: false, is_liked_by: true },
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<ActivateDonePage />, { path: '/activate/done', user: buildUser() });
    expect(await screen.findByRole('heading', { name: 'Your account is activated', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');

    const overview = await screen.findByRole('list', { name: 'Discover members' });
    expect(within(overview).getAllByRole('listitem')).toHaveLength(2);
    expect(within(overview).getByRole('link', { name: 'Bea' }).getAttribute('href')).toBe('/members/11');
    expect(screen.getByRole('link', { name: 'View all members' }).getAttribute('href')).toBe('/members');
    expect(calls.some((call) => call.path.startsWith('/api/signup-matches.php'))).toBe(true);
    expect(calls.some((call) => call.path.startsWith('/api/search.php'))).toBe(false);
  });

  it('tells a visitor nothing is activated: it sends them to log in first', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<ActivateDonePage />, {
      path: '/activate/done',
      user: null,
      routes: [{ path: '/login', element: <h1>Login page</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your account is activated' })).toBeNull();
  });

  it('reminds an unconfirmed member to use the mailed link instead of calling the account activated', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<ActivateDonePage />, { path: '/activate/done', user: buildUser({ status: 'not_confirmed' }) });
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your account is activated' })).toBeNull();
  });
});
