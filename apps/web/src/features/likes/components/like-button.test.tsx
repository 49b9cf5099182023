// The like button of a member who has not confirmed the e-mail address: the notice says what to do, and nothing is sent.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { MemberNoticeModal } from '../../../components/member-notice-modal.tsx';
import { closeMemberNotice } from '../../../lib/member-notice-store.ts';
import { LikeButton } from './like-button.tsx';

beforeAll(() => setupI18n());
afterEach(async () => {
  vi.unstubAllGlobals();
  closeMemberNotice();
  await settleOverlays();
});

describe('LikeButton', () => {
  it('asks an unconfirmed member to confirm the e-mail address first and sends no like', async () => {
    const { calls } = mockFetch(() => ({ body: { success: true } }));
    renderWithProviders(
      <>
        <LikeButton profile={{ id: 12, name: 'Bea', main_image: null }} isLiked={false} />
        <MemberNoticeModal />
      </>,
      { user: buildUser({ status: 'not_confirmed' }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(screen.getByText(/Use the link we sent you/)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/like.php'))).toBe(false);
  });

  it('opens the same notice when the server refuses the like with activation_required (an older session status)', async () => {
    mockFetch(({ url }) => (url.pathname === '/api/like.php' ? jsonError(403, 'activation_required') : undefined));
    renderWithProviders(
      <>
        <LikeButton profile={{ id: 12, name: 'Bea', main_image: null }} isLiked={false} />
        <MemberNoticeModal />
      </>,
      { user: buildUser() },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your e-mail address' })).toBeTruthy();
  });
});
