// The console's Risk queue: a member's score and reasons with their evidence, and the actions sent as asked.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { RiskPage } from './risk-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const member = {
  user_id: 7,
  profile_id: 70,
  name: 'Spam Sam',
  email: 'sam@example.com',
  site_id: 1,
  score: 70,
  is_held: true,
  held_messages: 20,
  reasons: [
    {
      signal: 'repeated_text',
      points: 40,
      at: '2026-12-03T10:00:00.000Z',
      evidence: { recipients: 12, samples: ['Hello dear, write me on my private mail'] },
    },
    {
      signal: 'reused_photo',
      points: 30,
      at: '2026-12-03T10:00:00.000Z',
      evidence: { photo_id: 5, other_photo_id: 3, other_user_id: 2, distance: 4 },
    },
    {
      signal: 'face_mismatch',
      points: 20,
      at: '2026-12-03T10:00:00.000Z',
      evidence: { similarity: 0.284, verification_id: 9, photo_id: 6 },
    },
  ],
  updated_at: '2026-12-03T10:00:00.000Z',
  cleared_at: null,
  warned_at: null,
};

describe('RiskPage', () => {
  it('shows the score, the held messages and each reason with its evidence, and clears on request', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/admin/risk') return { body: { members: [member], next_cursor: null } };
      if (method === 'POST' && url.pathname === '/api/admin/risk/7/clear')
        return { body: { delivered: 18, refused: 2 } };
      return undefined;
    });
    renderWithProviders(<RiskPage />);
    expect(await screen.findByText('Score 70')).toBeTruthy();
    expect(screen.getByText('20 messages held')).toBeTruthy();
    expect(screen.getByText('The same text to many members')).toBeTruthy();
    expect(screen.getByText('Sent to 12 members within an hour.')).toBeTruthy();
    expect(screen.getByText('Hello dear, write me on my private mail')).toBeTruthy();
    expect(screen.getByRole('img', { name: "The other account's photo" }).getAttribute('src')).toBe(
      '/api/admin/photos/3/file',
    );
    // The face similarity as a percentage, beside the profile photo it was compared with.
    expect(screen.getByText('A selfie unlike the profile photos')).toBeTruthy();
    expect(screen.getByText(/resembles the profile photos by 28 %/)).toBeTruthy();
    expect(
      screen.getAllByRole('img', { name: "The member's photo" }).map((image) => image.getAttribute('src')),
    ).toContain('/api/admin/photos/6/file');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Spam Sam is cleared: 18 held messages sent, 2 refused.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/risk/7/clear', body: {} },
    ]);
  });
});
