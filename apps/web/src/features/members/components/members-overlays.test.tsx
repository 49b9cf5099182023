// The activation notice of the members' overlays offers to send the activation mail again (docs/unconfirmed-members.md).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { closeMemberNotice, showMemberNotice } from '../../../lib/member-notice-store.ts';
import { MembersOverlays } from './members-overlays.tsx';

beforeAll(() => setupI18n());
afterEach(async () => {
  vi.unstubAllGlobals();
  closeMemberNotice();
  await settleOverlays();
});

describe('MembersOverlays', () => {
  it('the activation notice sends the activation mail again', async () => {
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/activation-mail.php' ? { body: { success: true } } : undefined,
    );
    renderWithProviders(<MembersOverlays />, { user: buildUser({ status: 'not_confirmed' }) });
    showMemberNotice({ kind: 'activation', action: 'like' });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail address' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the e-mail again' }));
    expect(await within(dialog).findByText(/sent/i)).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/activation-mail.php')).toHaveLength(1);
  });
});
