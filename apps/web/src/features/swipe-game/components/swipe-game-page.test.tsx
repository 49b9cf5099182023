// The swipe game of a member who has not confirmed the e-mail address (docs/unconfirmed-members.md): the activation
// notice explains it before anything is sent, and a refusal by the server (activation_required) opens the same notice.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ProfileCard, SwipeResponse } from '@app/contracts';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { MemberNoticeModal } from '../../../components/member-notice-modal.tsx';
import { closeMemberNotice } from '../../../lib/member-notice-store.ts';
import { SwipeGamePage } from './swipe-game-page.tsx';

beforeAll(() => setupI18n());
afterEach(async () => {
  vi.unstubAllGlobals();
  closeMemberNotice();
  await settleOverlays();
});

const card: ProfileCard = {
  id: 12,
  name: 'Bea',
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  main_image: null,
  is_fictional: false,
};
const candidates: SwipeResponse = { profiles: [card], likes_left: 4, resets_at: '2030-01-02T00:00:00.000Z' };

const swipes = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/swipe.php'));

describe('SwipeGamePage', () => {
  it("shows the member's first prompt and the verified badge on the card", async () => {
    const verified: ProfileCard = {
      ...card,
      is_verified: true,
      prompt: { prompt: 'first_date', answer: 'A picnic in the park' },
    };
    mockFetch(({ method, url }) =>
      method === 'GET' && url.pathname === '/api/swipe.php'
        ? { body: { ...candidates, profiles: [verified] } }
        : undefined,
    );
    renderWithProviders(<SwipeGamePage />, { path: '/swipe-game', user: buildUser() });
    expect(await screen.findByText('A picnic in the park')).toBeTruthy();
    expect(screen.getByText('My idea of a great first date')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Bea/ }).textContent).toContain('Verified');
  });

  it.each(['Like Bea', 'Skip Bea'])(
    '"%s" of an unconfirmed member opens the activation notice and sends no swipe',
    async (button) => {
      const { calls } = mockFetch(({ method, url }) =>
        method === 'GET' && url.pathname === '/api/swipe.php' ? { body: candidates } : undefined,
      );
      renderWithProviders(
        <>
          <SwipeGamePage />
          <MemberNoticeModal />
        </>,
        { path: '/swipe-game', user: buildUser({ status: 'not_confirmed' }) },
      );
      fireEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByRole('dialog', { name: 'Confirm your e-mail address' })).toBeTruthy();
      expect(screen.getByText(/you can play the swipe game/)).toBeTruthy();
      expect(swipes(calls)).toEqual([]);
    },
  );

  it('a swipe the server refuses with activation_required opens the activation notice', async () => {
    mockFetch(({ method, url }) => {
      if (url.pathname !== '/api/swipe.php') return undefined;
      return method === 'GET' ? { body: candidates } : jsonError(403, 'activation_required');
    });
    renderWithProviders(
      <>
        <SwipeGamePage />
        <MemberNoticeModal />
      </>,
      { path: '/swipe-game', user: buildUser() },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Like Bea' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your e-mail address' })).toBeTruthy();
  });

  it('likes with the right arrow key and skips with the left one, not while typing', async () => {
    const second: ProfileCard = { ...card, id: 13, name: 'Cleo', distance_km: 12 };
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname !== '/api/swipe.php') return undefined;
      if (method === 'GET') return { body: { ...candidates, profiles: [card, second] } };
      return {
        body: { is_liked: false, is_match: false, is_new_match: false, likes_left: 3, resets_at: candidates.resets_at },
      };
    });
    renderWithProviders(<SwipeGamePage />, { path: '/swipe-game', user: buildUser() });
    await screen.findByRole('button', { name: 'Like Bea' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    // The card says where and how far: Cleo's town is 12 km from the member's.
    expect(await screen.findByText('Netherlands · 12 km away')).toBeTruthy();
    await screen.findByRole('button', { name: 'Like Cleo' });
    // Typing in a field moves the caret, not the deck.
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    field.remove();
    expect(swipes(calls)).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await vi.waitFor(() => expect(swipes(calls)).toHaveLength(2));
    expect(swipes(calls).map((call) => (call as { body?: unknown }).body)).toEqual([
      { id: 12, action: 'like' },
      { id: 13, action: 'skip' },
    ]);
  });
});
