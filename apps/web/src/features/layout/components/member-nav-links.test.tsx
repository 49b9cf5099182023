// The members' top navigation: search, likes with the capped new-likes badge, credits or Get Premium (the title count is
// the root's: app/title-count.test.tsx).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LikesResponse } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { TopNav } from './top-nav.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  document.title = '';
});

function likesWith(newLikes: number, seenLikes = 0): LikesResponse {
  const liked_by = [
    ...Array.from({ length: newLikes }, (_, index) => ({ id: 1000 + index, like_new: true })),
    ...Array.from({ length: seenLikes }, (_, index) => ({ id: 5000 + index, like_new: false })),
  ];
  return { profiles: [], liked_by };
}

function mockLikes(likes: LikesResponse) {
  return mockFetch(({ url }) => (url.pathname === '/api/likes.php' ? { body: likes } : undefined));
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('members top navigation', () => {
  it('shows no member links to visitors', async () => {
    const { calls } = mockLikes(likesWith(1));
    renderWithProviders(<TopNav />);
    await screen.findByRole('link', { name: 'Login' });
    expect(screen.queryByRole('link', { name: /Search members/ })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/likes.php'))).toBe(false);
  });

  it('links search and likes, and counts only new likes in the badge', async () => {
    mockLikes(likesWith(3, 4));
    renderWithProviders(<TopNav />, { user: buildUser() });
    expect((await screen.findByRole('link', { name: 'Search members' })).getAttribute('href')).toBe('/members');
    const likes = await screen.findByRole('link', { name: /^Likes\s?3 new likes$/ });
    expect(likes.getAttribute('href')).toBe('/likes');
    expect(within(likes).getByTestId('count-badge').textContent).toContain('3');
  });

  it('caps the new-likes badge at 99+', async () => {
    mockLikes(likesWith(120));
    renderWithProviders(<TopNav />, { user: buildUser() });
    const likes = await screen.findByRole('link', { name: /^Likes\s?120 new likes$/ });
    expect(within(likes).getByTestId('count-badge').firstChild?.textContent).toBe('99+');
  });

  it('shows no badge without new likes', async () => {
    mockLikes(likesWith(0, 2));
    renderWithProviders(<TopNav />, { user: buildUser() });
    const likes = await screen.findByRole('link', { name: 'Likes' });
    expect(within(likes).queryByTestId('count-badge')).toBeNull();
  });

  it('offers Get Premium to unpaid members', async () => {
    mockLikes(likesWith(0));
    renderWithProviders(<TopNav />, { user: buildUser({ paid_user: false, credits: 0 }) });
    expect((await within(mainNav()).findByRole('link', { name: 'Get Premium' })).getAttribute('href')).toBe('/premium');
    expect(within(mainNav()).queryByRole('link', { name: /Credits/ })).toBeNull();
  });

  it('shows credits to paid members, with a warning badge at 10 or fewer and a danger badge at 0', async () => {
    mockLikes(likesWith(0));
    const { unmount } = renderWithProviders(<TopNav />, { user: buildUser({ paid_user: true, credits: 7 }) });
    const credits = await within(mainNav()).findByRole('link', { name: /^Credits/ });
    expect(credits.getAttribute('href')).toBe('/credits');
    expect(within(credits).getByTestId('credit-badge').className).toContain('bg-warning');
    expect(within(mainNav()).queryByRole('link', { name: 'Get Premium' })).toBeNull();
    unmount();

    renderWithProviders(<TopNav />, { user: buildUser({ paid_user: true, credits: 0 }) });
    const empty = await within(mainNav()).findByRole('link', { name: /^Credits/ });
    expect(within(empty).getByTestId('credit-badge').className).toContain('bg-danger');
    expect(within(empty).getByTestId('credit-badge').textContent).toContain('0');
  });

  it('shows no credits badge above 10 credits', async () => {
    mockLikes(likesWith(0));
    renderWithProviders(<TopNav />, { user: buildUser({ paid_user: true, credits: 25 }) });
    const credits = await within(mainNav()).findByRole('link', { name: 'Credits' });
    expect(within(credits).queryByTestId('credit-badge')).toBeNull();
  });
});
