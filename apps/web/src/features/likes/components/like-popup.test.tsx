// SPEC section 4: the like pop-up after `?t=` seconds (then `t` leaves the URL), its button opening the member's page; likes reload 0.5 s after.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { parseLikePopupDelay, removeLikePopupParam } from '../lib/like-popup.ts';
import { closeLikeModal, getLikeModalState, openLikeModal } from '../lib/like-modal-store.ts';
import { LikeModalHost } from './like-modal-host.tsx';

const LENA = {
  id: 42,
  name: 'Lena',
  main_image: {
    filename: '/uploads/photos/ab/l.jpg',
    thumb_filename: '/uploads/photos/ab/l_thumb.jpg',
    status: 'active' as const,
  },
};

beforeAll(() => setupI18n());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  closeLikeModal();
});

function mockApi() {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/auto-like.php') return { body: LENA };
    if (url.pathname === '/api/likes.php') return { body: { profiles: [], liked_by: [] } };
    return undefined;
  });
}

describe('like pop-up delay', () => {
  it('reads t as seconds and refuses what is not a sensible delay', () => {
    expect(parseLikePopupDelay('5')).toBe(5);
    expect(parseLikePopupDelay('0')).toBe(0);
    expect(parseLikePopupDelay('2.5')).toBe(2.5);
    expect(parseLikePopupDelay(null)).toBeNull();
    expect(parseLikePopupDelay('')).toBeNull();
    expect(parseLikePopupDelay('soon')).toBeNull();
    expect(parseLikePopupDelay('-3')).toBeNull();
    expect(parseLikePopupDelay('99999')).toBeNull();
  });

  it('removes only t from the query string', () => {
    expect(removeLikePopupParam('?t=3&ref=abc&x=1')).toBe('?ref=abc&x=1');
    expect(removeLikePopupParam('?t=3')).toBe('');
    expect(removeLikePopupParam('?ref=abc')).toBe('?ref=abc');
  });
});

describe('like pop-up', () => {
  it('opens after t seconds with an auto-like profile, removes t from the URL, and its button opens the member', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockApi();
    const { router } = renderWithProviders(<LikeModalHost />, { path: '/members?t=2&ref=abc' });

    await act(async () => vi.advanceTimersByTimeAsync(1900));
    expect(getLikeModalState()).toBeNull();
    expect(router.state.location.search).toBe('?t=2&ref=abc');

    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(getLikeModalState()?.variant).toBe('new-like');
    expect(router.state.location.pathname).toBe('/members');
    expect(router.state.location.search).toBe('?ref=abc');
    vi.useRealTimers();

    const dialog = await screen.findByRole('dialog', { name: 'New like!' });
    await screen.findByText('Lena likes you!');
    expect(calls.some((call) => call.path === '/api/auto-like.php')).toBe(true);
    expect(dialog.querySelector('img')?.getAttribute('alt')).toBe('Open the profile of Lena');
    const button = screen.getByRole('link', { name: 'View profile' });
    expect(button.getAttribute('href')).toBe('/members/42');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/42'));
    expect(getLikeModalState()).toBeNull();
  });

  it('does nothing without a usable t', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi();
    const { router } = renderWithProviders(<LikeModalHost />, { path: '/members?t=later' });
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(getLikeModalState()).toBeNull();
    expect(router.state.location.search).toBe('?t=later');
  });

  it('is cancelled when the visitor leaves the page first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi();
    const { router } = renderWithProviders(<LikeModalHost />, { path: '/members?t=3' });
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    await act(async () => router.navigate('/likes'));
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(getLikeModalState()).toBeNull();
  });
});

describe('like modal', () => {
  it("shows the match variant with the given profile and the caller's button, and reloads likes 0.5 s after", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockApi();
    const { queryClient } = renderWithProviders(<LikeModalHost />, { user: buildUser(), path: '/members/42' });
    queryClient.setQueryData(['likes'], { profiles: [], liked_by: [] });
    act(() =>
      openLikeModal({
        variant: 'match',
        profile: LENA,
        buttonLabel: 'See your matches',
        getButtonHref: () => '/likes/matches',
      }),
    );
    await act(async () => vi.advanceTimersByTimeAsync(400));
    expect(queryClient.getQueryState(['likes'])?.isInvalidated).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(queryClient.getQueryState(['likes'])?.isInvalidated).toBe(true);
    vi.useRealTimers();
    // A given profile is shown as is: no auto-like request.
    expect(calls.some((call) => call.path === '/api/auto-like.php')).toBe(false);

    await screen.findByRole('dialog', { name: "It's a match!" });
    expect(screen.getByText('You and Lena like each other.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your matches' }).getAttribute('href')).toBe('/likes/matches');
    expect(screen.getByRole('link', { name: 'Open the profile of Lena' }).getAttribute('href')).toBe('/members/42');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(getLikeModalState()).toBeNull());
  });
});
