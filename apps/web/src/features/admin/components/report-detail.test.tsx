// The decision on a report: a note is required (said at the field, which gets focus); the ban chosen goes with it,
// once confirmed.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { ReportDetail } from './report-detail.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const report = {
  id: 5,
  site_id: 1,
  target: 'profile',
  reason: 'scam_spam',
  remarks: null,
  status: 'open',
  reporter: { profile_id: 80, user_id: 8, name: 'Bo', main_photo_url: null },
  reported: { profile_id: 70, user_id: 7, name: 'Ann', main_photo_url: null },
  photo_id: null,
  message_id: null,
  handled_by_staff_id: null,
  handled_at: null,
  resolution: null,
  created_at: '2026-11-23T10:00:00.000Z',
  content: {
    profile: null,
    photo_url: null,
    photo_screening: null,
    message_text: null,
    message_photo_url: null,
    message_photo_screening: null,
  },
  history: { messages: [], likes: [], blocks: [] },
  reported_counts: { open: 1 },
};

describe('ReportDetail', () => {
  it('asks for the note at the field, then sends the action with the ban', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/admin/reports/5') return { body: { report } };
      if (method === 'POST' && url.pathname === '/api/admin/reports/5/action')
        return { body: { report: { ...report, status: 'actioned' } } };
      return undefined;
    });
    renderWithProviders(<ReportDetail id={5} onClose={() => {}} />);
    const takeAction = await screen.findByRole('button', { name: 'Take action' });
    fireEvent.click(takeAction);
    expect(await screen.findByText('Write what you decided and why.')).toBeTruthy();
    const note = screen.getByLabelText('Resolution note');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(note, { target: { value: 'Scam confirmed' } });
    fireEvent.change(screen.getByLabelText('Ban the reported member'), { target: { value: 'scam_spam' } });
    fireEvent.click(takeAction);
    // With a ban it asks first: the member, what happens, the reason chosen; nothing is sent before the confirm.
    const dialog = await screen.findByRole('dialog', { name: 'Take action on report #5?' });
    expect(dialog.textContent).toContain('Ann is logged out everywhere');
    expect(dialog.textContent).toContain('Reason: Scam or spam');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settleOverlays();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(takeAction);
    const again = await screen.findByRole('dialog', { name: 'Take action on report #5?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Take action' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/admin/reports/5/action')?.body).toEqual({
        resolution: 'Scam confirmed',
        ban: { reason: 'scam_spam' },
      }),
    );
  });
});
