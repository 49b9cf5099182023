// The traffic report: rows with their conversion and money, a new grouping asked of the server, the CSV link with the
// period and grouping, and the period checked at its fields.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18next } from '../../../lib/i18n.ts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { TrafficPage } from './traffic-page.tsx';

// uPlot draws on a canvas jsdom does not have; the same numbers are in the table under the chart.
vi.mock('./day-chart.tsx', () => ({ DayChart: () => null }));

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const admin = { id: 1, email: 'admin@example.com', name: 'Ada', role: 'admin' as const };
const support = { id: 2, email: 'sup@example.com', name: 'Sue', role: 'support' as const };

const row = (key: string, fields: Record<string, unknown> = {}) => ({
  key,
  label: null,
  visits: 100,
  visitors: 80,
  signups: 0,
  activations: 0,
  buyers: 0,
  revenue: [],
  refunds: [],
  payouts: [],
  ...fields,
});
const days = [
  { day: '2026-11-01', visits: 60, signups: 2, buyers: 1 },
  { day: '2026-11-02', visits: 140, signups: 2, buyers: 0 },
];
const networkRows = [
  row('adnet', {
    label: 'Ad Network',
    signups: 4,
    activations: 3,
    buyers: 1,
    revenue: [{ amount: 1250, currency: 'EUR' }],
    refunds: [{ amount: 500, currency: 'EUR' }],
    payouts: [{ amount: 300, currency: 'EUR' }],
  }),
  row(''),
];
const variantRows = [
  row('tinderswipe:a', { signups: 10, test: null }),
  row('tinderswipe:b', { signups: 20, test: { against: 'tinderswipe:a', p_value: 0.0123, is_significant: true } }),
];

function renderReport(staff: typeof admin | typeof support = admin) {
  const { calls } = mockFetch(({ url }) => {
    if (url.pathname === '/api/admin/traffic/report')
      return {
        body: {
          // The period asked for, or the server's default one.
          from: url.searchParams.get('from') ?? '2026-10-04',
          to: url.searchParams.get('to') ?? '2026-11-02',
          rows: url.searchParams.get('by') === 'variant' ? variantRows : networkRows,
          days,
        },
      };
    if (url.pathname === '/api/admin/sites')
      return {
        body: {
          sites: [{ id: 3, domain: 'dates.example', name: 'Dates', is_default: true, created_at: days[0]!.day }],
        },
      };
    return undefined;
  });
  renderWithProviders(<TrafficPage staff={staff} />);
  const reportCalls = () =>
    calls.map((call) => call.path).filter((path) => path.startsWith('/api/admin/traffic/report'));
  return { calls, reportCalls };
}

describe('TrafficReport', () => {
  it('shows each source with its figures, "Direct" for visits without one, and the conversion', async () => {
    const { reportCalls } = renderReport();
    const table = await screen.findByRole('table', { name: 'Traffic by Network' });
    const adnet = within(table).getByRole('rowheader', { name: /adnet/ }).closest('tr')!;
    expect(within(adnet).getByText('Ad Network')).toBeTruthy();
    expect(within(adnet).getByRole('cell', { name: '25%' })).toBeTruthy();
    expect(within(adnet).getAllByRole('cell', { name: '€12.50' })).toHaveLength(1);
    expect(within(adnet).getByRole('cell', { name: '€5.00' })).toBeTruthy();
    expect(within(adnet).getByRole('cell', { name: '€3.00' })).toBeTruthy();
    // Revenue per signup: 12.50 over 4 signups.
    expect(within(adnet).getByRole('cell', { name: '€3.12' })).toBeTruthy();
    const direct = within(table).getByRole('rowheader', { name: 'Direct' }).closest('tr')!;
    // No signups: no conversion.
    expect(within(direct).getAllByRole('cell', { name: '–' }).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('columnheader', { name: /Test/ })).toBeNull();
    // By network, in the server's default period (its sites' today may be a day ahead of the viewer's), shown in the
    // period's fields.
    expect(reportCalls()[0]).toBe('/api/admin/traffic/report?by=network');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-04');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-02');
  });

  it('keeps the answered end of the default period when the other one changes', async () => {
    const { reportCalls } = renderReport();
    await screen.findByRole('table', { name: 'Traffic by Network' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-20' } });
    await waitFor(() =>
      expect(reportCalls().at(-1)).toBe('/api/admin/traffic/report?from=2026-10-20&to=2026-11-02&by=network'),
    );
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-02');
  });

  it('asks the server for the new grouping and shows the variants’ test', async () => {
    const { reportCalls } = renderReport();
    await screen.findByRole('table', { name: 'Traffic by Network' });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'variant' } });
    const table = await screen.findByRole('table', { name: 'Traffic by Lander variant' });
    expect(reportCalls().at(-1)).toContain('by=variant');
    expect(within(table).getByRole('columnheader', { name: 'Test (signups per visitor)' })).toBeTruthy();
    const variantB = within(table).getByRole('rowheader', { name: 'tinderswipe:b' }).closest('tr')!;
    expect(variantB.textContent).toContain('p = 0.012');
    expect(variantB.textContent).toContain('significant at 95% against tinderswipe:a');
    const control = within(table).getByRole('rowheader', { name: 'tinderswipe:a' }).closest('tr')!;
    expect(within(control).getByRole('cell', { name: 'Baseline' })).toBeTruthy();
  });

  it('links the CSV download to the same period, grouping and site', async () => {
    const { reportCalls } = renderReport();
    await screen.findByRole('table', { name: 'Traffic by Network' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'campaign' } });
    const site = screen.getByLabelText('Site');
    await waitFor(() => expect(within(site).getByRole('option', { name: 'Dates (dates.example)' })).toBeTruthy());
    fireEvent.change(site, { target: { value: '3' } });
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.hasAttribute('download')).toBe(true);
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/admin/traffic/report');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      by: 'campaign',
      site: '3',
      format: 'csv',
    });
    // The table shows the same report.
    await waitFor(() =>
      expect(reportCalls().at(-1)).toBe('/api/admin/traffic/report?from=2026-10-01&to=2026-10-31&by=campaign&site=3'),
    );
  });

  it('says a period that ends before it starts at its field, without asking', async () => {
    const { reportCalls } = renderReport();
    await screen.findByRole('table', { name: 'Traffic by Network' });
    const count = reportCalls().length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2000-01-01' } });
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    // The contract's code, in the `errors` namespace (not the generic error).
    expect(document.getElementById(to.getAttribute('aria-describedby')!)?.textContent).toBe(
      i18next.t('errors:report_period_invalid', { defaultValue: 'missing' }),
    );
    expect(i18next.exists('errors:report_period_invalid')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(reportCalls()).toHaveLength(count);
  });

  it('shows the server’s refusal of a filter at that filter', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/traffic/report')
        return url.searchParams.has('site')
          ? jsonError(400, 'validation_failed', { fields: [{ path: 'site', code: 'invalid_value' }] })
          : { body: { from: '2026-10-04', to: '2026-11-02', rows: networkRows, days } };
      if (url.pathname === '/api/admin/sites')
        return {
          body: { sites: [{ id: 3, domain: 'dates.example', name: 'Dates', is_default: true, created_at: '' }] },
        };
      return undefined;
    });
    renderWithProviders(<TrafficPage staff={admin} />);
    await screen.findByRole('table', { name: 'Traffic by Network' });
    const site = screen.getByLabelText('Site');
    await waitFor(() => expect(within(site).getByRole('option', { name: 'Dates (dates.example)' })).toBeTruthy());
    fireEvent.change(site, { target: { value: '3' } });
    await waitFor(() => expect(site.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(site.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This value is not valid.',
    );
    expect(screen.queryByRole('table', { name: 'Traffic by Network' })).toBeNull();
  });

  it('has no site filter for a role that may not list sites', async () => {
    const { calls } = renderReport(support);
    await screen.findByRole('table', { name: 'Traffic by Network' });
    expect(screen.queryByLabelText('Site')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/admin/sites'))).toBe(false);
  });
});
