// The console's actions that hurt ask first (docs/staff-console.md, confirmations): ban, suspend, delete a photo,
// reject a selfie and refund open a dialog naming the member and the consequence; nothing is sent before the confirm,
// cancel (or Escape) sends nothing, and no reason is preselected: the confirm button waits for one.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Staff } from '@app/contracts';
import { renderWithProviders, setupI18n, settleOverlays } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { MemberDetailPage } from './member-detail-page.tsx';
import { PaymentsPage } from './payments-page.tsx';
import { PhotosPage } from './photos-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const member = {
  id: 7,
  profile_id: 70,
  site_id: 1,
  site_domain: 'localhost',
  email: 'ann@example.com',
  name: 'Ann',
  status: 'active',
  restriction: null,
  created_at: '2026-11-01T10:00:00.000Z',
  language: 'en',
  paid_user: false,
  activated_at: null,
  balance: 40,
  profile: null,
  sessions: [],
  reports_received: 0,
  reports_made: 0,
};
const moderator: Staff = { id: 1, email: 'mod@example.com', name: 'Mo', role: 'moderator' };
const admin: Staff = { id: 2, email: 'admin@example.com', name: 'Ad', role: 'admin' };
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

/** The dialog's reason list starts on the empty "Choose a reason", and the confirm button waits for a choice. */
function expectNoReasonYet(dialog: HTMLElement, confirm: string) {
  const select = within(dialog).getByLabelText<HTMLSelectElement>('Reason');
  expect(select.value).toBe('');
  expect(select.selectedOptions[0]?.textContent).toBe('Choose a reason');
  expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: confirm }).disabled).toBe(true);
  return select;
}

function renderMember() {
  const result = mockFetch(({ method, url }) => {
    const path = url.pathname;
    if (path === '/api/admin/members/7') return { body: { member } };
    if (path === '/api/admin/members/7/ledger') return { body: { entries: [], balance: 40, next_cursor: null } };
    if (path === '/api/admin/members/7/photos') return { body: { photos: [], next_cursor: null } };
    if (path === '/api/admin/members/7/orders') return { body: { orders: [], next_cursor: null } };
    if (path === '/api/admin/members/7/reports') return { body: { reports: [], next_cursor: null } };
    if (method === 'POST') return { body: { restriction: null, sessions_revoked: 0 } };
    return undefined;
  });
  renderWithProviders(<p />, {
    path: '/admin/members/7',
    routes: [{ path: '/admin/members/:id', element: <MemberDetailPage staff={moderator} /> }],
  });
  return result;
}

describe('the console asks before an action that hurts', () => {
  it('ban: names the member and what happens; cancel and Escape send nothing; the reason is chosen on purpose', async () => {
    const { calls } = renderMember();
    fireEvent.click(await screen.findByRole('button', { name: 'Ban' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ban Ann?' });
    expect(dialog.textContent).toContain('Ann is logged out everywhere and hidden from other members at once');
    expect(dialog.textContent).toContain('conversations are closed');
    // An accessible modal: focus moves into it and stays there.
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expectNoReasonYet(dialog, 'Ban');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settleOverlays();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    dialog = await screen.findByRole('dialog', { name: 'Ban Ann?' });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await settleOverlays();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    dialog = await screen.findByRole('dialog', { name: 'Ban Ann?' });
    const select = expectNoReasonYet(dialog, 'Ban');
    fireEvent.change(select, { target: { value: 'underage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('The member is banned and logged out everywhere.')).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/api/admin/members/7/ban', body: { reason: 'underage' } }]);
  });

  it('suspend: says until when, and sends the suspension only after the confirm', async () => {
    const { calls } = renderMember();
    fireEvent.change(await screen.findByLabelText('Suspend until'), { target: { value: '2027-01-15T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Ann?' });
    expect(dialog.textContent).toContain('hidden from other members until 15 January 2027 at 12:00');
    const select = expectNoReasonYet(dialog, 'Suspend');
    expect(posts(calls)).toEqual([]);
    fireEvent.change(select, { target: { value: 'harassment' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('The member is suspended and logged out everywhere.')).toBeTruthy();
    expect(posts(calls)).toMatchObject([
      {
        path: '/api/admin/members/7/suspend',
        body: { reason: 'harassment', until: expect.stringMatching(/^2027-01-15T/) },
      },
    ]);
  });

  it('delete a photo: shows which photo and that it cannot be undone; the reason is chosen in the dialog', async () => {
    const photo = {
      id: 31,
      profile_id: 70,
      user_id: 7,
      profile_name: 'Ann',
      url: '/p/31.jpg',
      thumb_url: '/p/31-thumb.jpg',
      is_private: false,
      is_main: true,
      review: 'new',
      reject_reason: null,
      open_reports: 0,
      screening: null,
      created_at: '2026-11-01T10:00:00.000Z',
    };
    const { calls } = mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/admin/photos')
        return { body: { photos: [photo], next_cursor: null } };
      if (method === 'POST' && url.pathname === '/api/admin/photos/31/reject') return { body: { photo: null } };
      return undefined;
    });
    renderWithProviders(<PhotosPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Reject.*Ann/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo of Ann?' });
    expect(within(dialog).getByRole<HTMLImageElement>('img', { name: 'Photo of Ann' }).src).toContain(
      '/p/31-thumb.jpg',
    );
    expect(dialog.textContent).toContain('This cannot be undone.');
    expectNoReasonYet(dialog, 'Delete photo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settleOverlays();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /^Reject.*Ann/ }));
    const again = await screen.findByRole('dialog', { name: 'Delete this photo of Ann?' });
    expect(within(again).getByLabelText<HTMLSelectElement>('Reason').value).toBe('');
    fireEvent.change(within(again).getByLabelText('Reason'), { target: { value: 'nudity' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete photo' }));
    expect(await screen.findByText(/Ann/, { selector: '.alert' })).toBeTruthy();
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/api/admin/photos/31/reject', body: { reason: 'nudity' } }]);
  });

  it('reject a selfie: says the member is told the reason; sent only after the confirm', async () => {
    const verification = {
      id: 4,
      profile_id: 70,
      profile_name: 'Ann',
      pose: 'thumbs_up',
      submitted_at: '2026-11-01T10:00:00.000Z',
      selfie_url: '/api/admin/verifications/4/selfie',
      photo_urls: [],
      screening: null,
      face: { check: 'compared', similarity: 0.31, resembles: false },
    };
    const { calls } = mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/admin/verifications')
        return { body: { verifications: [verification], next_cursor: null } };
      if (method === 'GET' && url.pathname === '/api/admin/photos') return { body: { photos: [], next_cursor: null } };
      if (method === 'POST' && url.pathname === '/api/admin/verifications/4') return { body: { success: true } };
      return undefined;
    });
    renderWithProviders(<PhotosPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Selfies' }));
    // The face comparison is a hint beside the selfie (docs/safety.md), never a decision.
    expect(await screen.findByText('Face unlike the profile photos (31 %): compare by eye')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject the selfie of Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the selfie of Ann?' });
    expect(dialog.textContent).toContain('Ann is told the reason');
    const select = expectNoReasonYet(dialog, 'Reject selfie');
    expect(posts(calls)).toEqual([]);
    fireEvent.change(select, { target: { value: 'pose_mismatch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject selfie' }));
    await settleOverlays();
    await vi.waitFor(() =>
      expect(posts(calls)).toEqual([
        {
          method: 'POST',
          path: '/api/admin/verifications/4',
          body: { decision: 'reject', reason: 'pose_mismatch' },
        },
      ]),
    );
  });

  it('refund: says how much money and how many credits go back before, and what was refunded after', async () => {
    const order = {
      id: 12,
      site_id: 1,
      user_id: 7,
      email: 'ann@example.com',
      status: 'paid',
      credits: 50,
      currency: 'EUR',
      amount_minor: 995,
      base_amount_minor: 995,
      discount_code: null,
      discount_percentage: 0,
      method: 'ideal',
      country: 'NL',
      provider: 'sandbox',
      provider_payment_id: 'tr_1',
      provider_status: 'paid',
      created_at: '2026-11-01T10:00:00.000Z',
      paid_at: '2026-11-01T10:01:00.000Z',
      refunded_credits: 0,
      refunded_minor: 0,
      refunded_at: null,
      provider_refund_id: null,
      refund_preview: { credits: 20, amount_minor: 398 },
    };
    const refunded = {
      ...order,
      status: 'refunded',
      refunded_credits: 20,
      refunded_minor: 398,
      refunded_at: '2026-11-02T10:00:00.000Z',
      provider_refund_id: 're_1',
      refund_preview: null,
    };
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/admin/orders') return { body: { orders: [order], next_cursor: null } };
      if (url.pathname === '/api/admin/webhooks') return { body: { webhooks: [], next_cursor: null } };
      if (method === 'GET' && url.pathname === '/api/admin/orders/12') return { body: { order } };
      if (method === 'POST' && url.pathname === '/api/admin/orders/12/refund') return { body: { order: refunded } };
      return undefined;
    });
    renderWithProviders(<PaymentsPage staff={admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order 12' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund unused credits' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refund order #12?' });
    expect(dialog.textContent).toContain(
      '€3.98 of the €9.95 paid goes back to ann@example.com, and 20 credits are taken back from the member',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settleOverlays();
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Refund unused credits' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund order #12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const result = await screen.findByRole('status');
    expect(result.textContent).toContain("Refunded €3.98; 20 credits taken back from the member's balance.");
    expect(posts(calls)).toEqual([{ method: 'POST', path: '/api/admin/orders/12/refund', body: undefined }]);
  });
});
