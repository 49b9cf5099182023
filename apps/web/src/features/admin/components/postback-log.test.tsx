// The postback delivery log: rows newest first with their last answer, filtered by status, older rows by `before`,
// and "Resend" (admins) for sent and failed rows only.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { PostbackLog } from './postback-log.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const postback = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  network_id: 4,
  network_name: 'Partner Ads',
  event: 'signup',
  order_id: null,
  user_id: 7,
  url: `https://partner.example/pb?c=click-${id}&token=***`,
  status: 'sent',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  created_at: '2026-11-20T10:00:00.000Z',
  last_attempt_at: '2026-11-20T10:00:01.000Z',
  sent_at: '2026-11-20T10:00:01.000Z',
  ...fields,
});
const failed = postback(12, {
  event: 'purchase',
  order_id: 31,
  status: 'failed',
  attempts: 9,
  last_status_code: null,
  last_error: 'connect ECONNREFUSED',
  sent_at: null,
});
const pending = postback(11, { status: 'pending', attempts: 0, last_status_code: null, sent_at: null });

function renderLog(canResend: boolean) {
  const { calls } = mockFetch(({ method, url }) => {
    if (url.pathname === '/api/admin/traffic/networks') return { body: { networks: [] } };
    if (url.pathname === '/api/admin/traffic/postbacks') {
      if (url.searchParams.get('before') === '11') return { body: { postbacks: [postback(3)], next_before: null } };
      if (url.searchParams.get('status') === 'failed') return { body: { postbacks: [failed], next_before: null } };
      return { body: { postbacks: [failed, pending], next_before: 11 } };
    }
    if (method === 'POST' && url.pathname === '/api/admin/traffic/postbacks/12/resend')
      return { body: { postback: { ...failed, status: 'pending' } } };
    return undefined;
  });
  renderWithProviders(<PostbackLog canResend={canResend} />);
  const listCalls = () =>
    calls
      .map((call) => call.path)
      .filter((path) => path.startsWith('/api/admin/traffic/postbacks?') || path === '/api/admin/traffic/postbacks');
  return { calls, listCalls };
}

describe('PostbackLog', () => {
  it('resends a failed postback; a pending one has no button', async () => {
    const { calls } = renderLog(true);
    const table = await screen.findByRole('table', { name: 'Postback log' });
    const failedRow = within(table).getByText('connect ECONNREFUSED').closest('tr')!;
    expect(within(failedRow).getByRole('cell', { name: 'Failed' })).toBeTruthy();
    expect(within(failedRow).getByRole('cell', { name: '31' })).toBeTruthy();
    expect(within(failedRow).getByRole('cell', { name: '9' })).toBeTruthy();
    expect(within(table).getByText('https://partner.example/pb?c=click-12&token=***')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend postback 11 to Partner Ads' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend postback 12 to Partner Ads' }));
    expect(await screen.findByText('Postback 12 is being sent again.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/traffic/postbacks/12/resend',
    ]);
  });

  it('filters by status and loads older rows by the last id shown', async () => {
    const { listCalls } = renderLog(false);
    const table = await screen.findByRole('table', { name: 'Postback log' });
    expect(within(table).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Postback log' }).querySelectorAll('tbody tr')).toHaveLength(1),
    );
    expect(listCalls()).toEqual([
      '/api/admin/traffic/postbacks',
      '/api/admin/traffic/postbacks?before=11',
      '/api/admin/traffic/postbacks?status=failed',
    ]);
  });
});
