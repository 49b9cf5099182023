// The report dialog: a reason is required, "Other" needs remarks (the shared contract's rule, checked before sending),
// the request carries the photo and the block choice, and the reporter gets a confirmation in the same dialog.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { ReportModal } from './report-modal.tsx';
import { ReportButton } from './report-button.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

describe('ReportModal', () => {
  it('asks for a reason, then remarks for "Other", before sending', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/report.php' ? { body: { success: true, blocked: false } } : undefined,
    );
    renderWithProviders(<ReportButton profile={{ id: 12, name: 'Bea' }} />, { user: buildUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Bea' });
    expect(dialog.textContent).toContain('Bea is not told that you reported them.');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose a reason.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please tell us your reason')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/report.php')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Tell us more' }), {
      target: { value: 'Asked for my bank details' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your report' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/report.php')?.body).toEqual({
      profile: 12,
      target: 'profile',
      reason: 'other',
      remarks: 'Asked for my bank details',
    });
  });

  it('reports a photo and blocks in the same step', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/report.php' ? { body: { success: true, blocked: true } } : undefined,
    );
    const onBlocked = vi.fn();
    renderWithProviders(
      <ReportModal
        subject={{ profile: { id: 7, name: 'Max' }, target: 'photo', photoId: 99 }}
        onClose={() => {}}
        onBlocked={onBlocked}
      />,
      { user: buildUser() },
    );
    await screen.findByRole('dialog', { name: 'Report a photo of Max' });
    fireEvent.click(screen.getByRole('radio', { name: 'Inappropriate photo' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also block Max' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You have blocked Max.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/report.php')?.body).toEqual({
      profile: 7,
      target: 'photo',
      photo: 99,
      reason: 'inappropriate_photo',
      block: true,
    });
    await waitFor(() => expect(onBlocked).toHaveBeenCalled());
  });

  it("shows the server's error in the dialog", async () => {
    mockFetch(({ url }) => (url.pathname === '/api/report.php' ? jsonError(429, 'rate_limited') : undefined));
    renderWithProviders(
      <ReportModal subject={{ profile: { id: 7, name: 'Max' }, target: 'profile' }} onClose={() => {}} />,
      { user: buildUser() },
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Scam or spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/.+/);
    expect(screen.getByRole('dialog', { name: 'Report Max' })).toBeTruthy();
  });
});
