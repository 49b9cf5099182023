// "Download my data": the request is sent once, the member is told the link comes by mail, or that one per 24 hours is the limit.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { DataExportCard } from './data-export-card.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

describe('DataExportCard', () => {
  it('requests the export and says the link comes by e-mail', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/data-export.php' ? { body: { status: 'pending' } } : undefined,
    );
    renderWithProviders(<DataExportCard />, { user: buildUser() });
    expect(screen.getByRole('heading', { name: 'Download my data' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request my data' }));
    expect(
      await screen.findByText('We are preparing your data. You will receive an e-mail with a download link.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/data-export.php' && call.method === 'POST')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Request my data' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells the member about the 24-hour limit', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/data-export.php' ? jsonError(429, 'data_export_limited') : undefined,
    );
    renderWithProviders(<DataExportCard />, { user: buildUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText('You can request your data once every 24 hours.')).toBeTruthy();
  });
});
