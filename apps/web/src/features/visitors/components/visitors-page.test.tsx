// The visitors page: premium members see the visitors, free members the count, blurred placeholders and the upgrade
// link, and nobody yet an empty state; one h1, the cards named.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { VisitorItem, VisitorsResponse } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { VisitorsPage } from './visitors-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

function visitorCard(id: number, name: string): VisitorItem {
  return {
    id,
    name,
    age: 30,
    gender: 'female',
    country: 'NL',
    region: null,
    city: 'Utrecht',
    main_image: null,
    is_fictional: false,
    activity: null,
    visited_at: '2026-11-02T10:00:00.000Z',
  };
}

/** visitors.php answering `pages` in order (the cursor names the page). */
function mockVisitors(pages: VisitorsResponse[]) {
  return mockFetch(({ url }) => {
    if (url.pathname !== '/api/visitors.php') return undefined;
    const cursor = url.searchParams.get('cursor');
    return { body: pages[cursor ? Number(cursor) : 0] };
  });
}

describe('VisitorsPage', () => {
  it('lists premium members their visitors, page by page', async () => {
    const { calls } = mockVisitors([
      { count: 2, visitors: [visitorCard(7, 'Anna')], is_locked: false, next_cursor: '1' },
      { count: 2, visitors: [visitorCard(8, 'Bea')], is_locked: false, next_cursor: null },
    ]);
    renderWithProviders(<VisitorsPage />, { user: buildUser({ paid_user: true }) });
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Visitors']);
    expect(await screen.findByText('2 members viewed your profile in the last 30 days')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your visitors' });
    expect(within(list).getByRole('article', { name: 'Anna' })).toBeTruthy();
    expect(within(list).getByText(/^Viewed on /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Bea' })).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/visitors.php'))).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'See who viewed me' })).toBeNull();
  });

  it('shows free members the count, blurred placeholders without data and the way to premium', async () => {
    mockVisitors([{ count: 9, visitors: [], is_locked: true, next_cursor: null }]);
    const { container } = renderWithProviders(<VisitorsPage />, { user: buildUser({ paid_user: false }) });
    expect(await screen.findByText('9 members viewed your profile in the last 30 days')).toBeTruthy();
    expect(container.querySelectorAll('.visitors-placeholder')).toHaveLength(6);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('link', { name: 'See who viewed me' }).getAttribute('href')).toBe('/credits');
  });

  it('says when nobody viewed the profile', async () => {
    mockVisitors([{ count: 0, visitors: [], is_locked: true, next_cursor: null }]);
    renderWithProviders(<VisitorsPage />, { user: buildUser() });
    expect(await screen.findByText('Nobody has viewed your profile in the last 30 days.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See who viewed me' })).toBeNull();
  });
});
