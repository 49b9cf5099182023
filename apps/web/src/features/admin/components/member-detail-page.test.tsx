// The console's member page: the member's records, and a ban sent with its reason once confirmed (the server revokes
// the sessions).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { MemberDetailPage } from './member-detail-page.tsx';

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
  profile: {
    gender: 'female',
    date_of_birth: '1990-01-01',
    country: 'NL',
    region: null,
    city: 'Utrecht',
    about_me: 'Hi',
    status: 'active',
    is_invisible: false,
    is_fictional: false,
    main_photo_url: null,
  },
  sessions: [
    {
      id: 1,
      created_at: '2026-11-20T10:00:00.000Z',
      last_seen_at: '2026-11-24T08:00:00.000Z',
      expires_at: '2026-12-24T08:00:00.000Z',
      ip: '192.0.2.1',
      user_agent: 'Firefox',
    },
  ],
  reports_received: 1,
  reports_made: 0,
};
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
};

describe('MemberDetailPage', () => {
  it('shows the records and bans with the chosen reason', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      const path = url.pathname;
      if (path === '/api/admin/members/7') return { body: { member } };
      if (path === '/api/admin/members/7/ledger')
        return {
          body: {
            entries: [
              { id: 1, amount: 40, reason: 'signup_bonus', reference: null, created_at: '2026-11-01T10:00:00.000Z' },
            ],
            balance: 40,
            next_cursor: null,
          },
        };
      if (path === '/api/admin/members/7/photos') return { body: { photos: [], next_cursor: null } };
      if (path === '/api/admin/members/7/orders') return { body: { orders: [], next_cursor: null } };
      if (path === '/api/admin/members/7/reports')
        return { body: { reports: url.searchParams.get('direction') === 'made' ? [] : [report], next_cursor: null } };
      if (method === 'POST' && path === '/api/admin/members/7/ban')
        return { body: { restriction: null, sessions_revoked: 1 } };
      return undefined;
    });
    const staff = { id: 1, email: 'mod@example.com', name: 'Mo', role: 'moderator' as const };
    renderWithProviders(<p />, {
      path: '/admin/members/7',
      routes: [{ path: '/admin/members/:id', element: <MemberDetailPage staff={staff} /> }],
    });
    await screen.findByRole('heading', { name: 'Ann', level: 1 });
    expect(await screen.findByRole('table', { name: 'Reports about this member' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Bo' })).toBeTruthy();
    // A moderator may not adjust credits (admins only).
    expect(screen.queryByRole('form', { name: 'Credit adjustment' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Note (staff only)'), { target: { value: 'Report 5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    // The ban asks first; the reason is chosen in the dialog (docs/staff-console.md, confirmations).
    const dialog = await screen.findByRole('dialog', { name: 'Ban Ann?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'scam_spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('The member is banned and logged out everywhere.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/members/7/ban')?.body).toEqual({
      reason: 'scam_spam',
      note: 'Report 5',
    });
  });

  it('pages through the ledger: the next page comes below the first with "Load more"', async () => {
    const entry = (id: number) => ({
      id,
      amount: -10,
      reason: 'message_sent',
      reference: null,
      created_at: '2026-11-01T10:00:00.000Z',
    });
    const { calls } = mockFetch(({ url }) => {
      const path = url.pathname;
      if (path === '/api/admin/members/7') return { body: { member } };
      if (path === '/api/admin/members/7/ledger') {
        return url.searchParams.get('cursor') === 'page-2'
          ? { body: { entries: [entry(1)], balance: 40, next_cursor: null } }
          : { body: { entries: [entry(3), entry(2)], balance: 40, next_cursor: 'page-2' } };
      }
      if (path === '/api/admin/members/7/photos') return { body: { photos: [], next_cursor: null } };
      if (path === '/api/admin/members/7/orders') return { body: { orders: [], next_cursor: null } };
      if (path === '/api/admin/members/7/reports') return { body: { reports: [], next_cursor: null } };
      return undefined;
    });
    const staff = { id: 1, email: 'sup@example.com', name: 'Su', role: 'support' as const };
    renderWithProviders(<p />, {
      path: '/admin/members/7',
      routes: [{ path: '/admin/members/:id', element: <MemberDetailPage staff={staff} /> }],
    });
    const ledger = await screen.findByRole('table', { name: 'Credit ledger' });
    expect(ledger.querySelectorAll('tbody tr')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(ledger.querySelectorAll('tbody tr')).toHaveLength(3));
    expect(calls.map((call) => call.path).filter((path) => path.startsWith('/api/admin/members/7/ledger'))).toEqual([
      '/api/admin/members/7/ledger',
      '/api/admin/members/7/ledger?cursor=page-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
