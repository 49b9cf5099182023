// /members (SPEC section 3): pages appended in order, a new search starts over, late answers of an older search never show, Clear, visitors' limit.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import type { ProfileCard, SearchResponse } from '@app/contracts';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch, type MockAnswer } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { resetSearchFiltersStore, useSearchFiltersStore } from '../lib/search-filters-store.ts';
import { toSearchQuery } from '../lib/search-filters.ts';
import { SearchPage } from './search-page.tsx';

beforeAll(() => setupI18n());
/** jsdom has no matchMedia; the filters' sheet asks whether the screen is at least 992 px wide (a laptop by default). */
function stubScreen(isWide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isWide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
beforeEach(() => {
  stubScreen(true);
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(async () => {
  await settleOverlays();
  vi.unstubAllGlobals();
  resetSearchFiltersStore();
});

const card = (id: number): ProfileCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  main_image: null,
  is_fictional: false,
});

function page(ids: number[], overrides: Partial<SearchResponse> = {}): MockAnswer {
  const body: SearchResponse = {
    results: ids.map(card),
    next_cursor: null,
    num_results: null,
    is_num_results_capped: false,
    filters: { gender: null, country: null, region: null, min_age: 18, max_age: 99, verified: false },
    similar_results: [],
    similar_num_results: 0,
    similar_filters: null,
    ...overrides,
  };
  return { body };
}

/** Three pages of two (ids 10..5, cursors c1 and c2); page 3 repeats member 7. */
function pagedSearch(cursor: string | null): MockAnswer {
  if (!cursor) return page([10, 9], { next_cursor: 'c1', num_results: 6 });
  if (cursor === 'c1') return page([8, 7], { next_cursor: 'c2' });
  return page([7, 6]);
}

const settings = { search_fields: ['gender', 'country'] };
const shownNames = () =>
  within(screen.getByRole('list', { name: 'Search results' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent?.replace(/, \d+$/, ''));
const searchRequests = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/api/search.php')).map((call) => call.path);

describe('SearchPage', () => {
  it('appends the pages one by one with the cursor, never showing a member twice', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/search.php' ? pagedSearch(url.searchParams.get('cursor')) : undefined,
    );
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    expect((await screen.findByTestId('search-count')).textContent).toBe('6 members found');
    expect(shownNames()).toEqual(['Member 10', 'Member 9']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownNames()).toEqual(['Member 10', 'Member 9', 'Member 8', 'Member 7']));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownNames()).toEqual(['Member 10', 'Member 9', 'Member 8', 'Member 7', 'Member 6']));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(searchRequests(calls)).toEqual([
      '/api/search.php',
      '/api/search.php?cursor=c1',
      '/api/search.php?cursor=c2',
    ]);
  });

  it('a new search starts again from the first page, and an older answer arriving late never shows', async () => {
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let isFirstRead = false;
    const { fetchMock, calls } = mockFetch(() => undefined);
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/regions.php')
        return new Response(JSON.stringify({ regions: {} }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, body: undefined });
      const isWomen = url.searchParams.get('gender') === 'female';
      if (!isWomen) await firstHeld;
      const { body } = isWomen ? page([21], { num_results: 1 }) : page([10, 9], { next_cursor: 'c1', num_results: 6 });
      const response = new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
      if (!isWomen) {
        // The positive signal that the late answer reached the app: its body was read.
        const read = response.json.bind(response);
        response.json = () => read().finally(() => (isFirstRead = true));
      }
      return response;
    });
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    await waitFor(() => expect(searchRequests(calls)).toHaveLength(1));
    // The form shows once the regions are in too (a region row never appears under the user's eyes).
    fireEvent.change(await screen.findByLabelText('Looking for'), { target: { value: 'female' } });
    // The Search button waits while a search loads; the form can still be submitted (Enter in a field, a slow phone).
    fireEvent.submit(screen.getByRole('search'));
    expect((await screen.findByTestId('search-count')).textContent).toBe('1 member found');
    releaseFirst();
    await waitFor(() => expect(isFirstRead).toBe(true));
    // What follows the read is promises, then TanStack's notifier (zero timeouts, first in first out): a notice scheduled
    // now runs after any the late answer caused, and `act` applies the renders they started.
    await act(() => new Promise<void>((resolve) => notifyManager.schedule(resolve)));
    expect(shownNames()).toEqual(['Member 21']);
    expect(searchRequests(calls)).toEqual(['/api/search.php', '/api/search.php?gender=female']);
  });

  it('Search with unchanged filters starts over from the first page', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/search.php' ? pagedSearch(url.searchParams.get('cursor')) : undefined,
    );
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    await screen.findByTestId('search-count');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownNames()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(shownNames()).toEqual(['Member 10', 'Member 9']));
    expect(searchRequests(calls)).toEqual(['/api/search.php', '/api/search.php?cursor=c1', '/api/search.php']);
  });

  it('a visitor refused on a later page keeps the results and gets the signup prompt instead of Show more', async () => {
    mockFetch(({ url }) => {
      if (url.pathname !== '/api/search.php') return undefined;
      return url.searchParams.get('cursor')
        ? jsonError(403, 'login_required_search')
        : page([10, 9], { next_cursor: 'c1', num_results: 6 });
    });
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    await screen.findByTestId('search-count');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Sign up for free to search all members.')).toBeTruthy();
    expect(shownNames()).toEqual(['Member 10', 'Member 9']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("a member starts from their profile's defaults; Clear goes back to them and searches again", async () => {
    const profile = {
      ...{
        id: 70,
        name: 'Anna',
        status: 'active',
        age: 30,
        date_of_birth: '1995-01-01',
        region: null,
        city: null,
        relationship_status: null,
        body_type: null,
      },
      ...{
        hair_color: null,
        eye_color: null,
        tattoos: null,
        signup_reason: null,
        interests: [],
        about_me: null,
        prompts: [],
        is_verified: false,
        is_fictional: false,
      },
      ...{
        is_invisible: false,
        main_image: null,
        photos: [],
        photo_limit: 3,
        gender: 'male',
        sexuality: 'hetero',
        show_me: null,
        country: 'NL',
      },
    };
    const { calls } = mockFetch(({ url }) => {
      if (url.pathname === '/api/profile.php') return { body: { profile } };
      if (url.pathname === '/api/search.php')
        return page([Number(url.searchParams.has('country')) + 30], { num_results: 1 });
      return undefined;
    });
    renderWithProviders(<SearchPage />, { path: '/members', settings, user: buildUser() });
    await waitFor(() => expect(searchRequests(calls)).toEqual(['/api/search.php?gender=female&country=NL']));
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(shownNames()).toEqual(['Member 30']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(shownNames()).toEqual(['Member 31']));
    expect(searchRequests(calls)).toEqual([
      '/api/search.php?gender=female&country=NL',
      '/api/search.php?gender=female',
      '/api/search.php?gender=female&country=NL',
    ]);
    expect(useSearchFiltersStore.getState()).toMatchObject({
      ownerId: 70,
      filters: { gender: 'female', country: 'NL' },
    });
  });

  it("forgets another member's filters", async () => {
    useSearchFiltersStore.setState({
      ownerId: 99,
      didInit: true,
      filters: { gender: 'male', country: 'BE', countryregion: '', min_age: '', max_age: '', verified: '' },
    });
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/search.php' ? page([1], { num_results: 1 }) : undefined,
    );
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    await screen.findByTestId('search-count');
    expect(searchRequests(calls)).toEqual(['/api/search.php']);
  });
});

describe('SearchPage on a phone, the cards and the empty state', () => {
  it('opens the filters as a labelled sheet on a phone; searching closes it and gives focus back to the Filters button', async () => {
    stubScreen(false);
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/search.php' ? page([10, 9], { num_results: 2 }) : undefined,
    );
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    await screen.findByTestId('search-count');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    fireEvent.click(toggle);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    fireEvent.change(within(sheet).getByLabelText('Looking for'), { target: { value: 'female' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    await waitFor(() => expect(searchRequests(calls)).toEqual(['/api/search.php', '/api/search.php?gender=female']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Filters/ })));
    // The button says how many filters are set.
    expect(screen.getByRole('button', { name: /^Filters/ }).textContent).toContain('1');
  });

  it('shows portrait cards with activity and a like button named after the member, which likes from the card', async () => {
    const { calls } = mockFetch(({ url, method }) => {
      if (url.pathname === '/api/search.php')
        return {
          body: {
            ...(page([10]).body as SearchResponse),
            results: [{ ...card(10), city: 'Utrecht', activity: 'today' }],
            num_results: 1,
          },
        };
      if (url.pathname === '/api/likes.php') return { body: { profiles: [], liked_by: [] } };
      if (url.pathname === '/api/profile.php') return jsonError(404, 'profile_not_found');
      if (url.pathname === '/api/like.php' && method === 'POST')
        return { body: { is_liked: true, is_match: false, is_new_match: false } };
      return undefined;
    });
    renderWithProviders(<SearchPage />, { path: '/members', settings, user: buildUser() });
    const result = await screen.findByRole('article', { name: 'Member 10' });
    expect(within(result).getByText('Active today')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Member 10' }).getAttribute('href')).toBe('/members/10');
    fireEvent.click(within(result).getByRole('button', { name: 'Like Member 10' }));
    const liked = await within(result).findByRole('button', { name: 'You like Member 10' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((call) => call.path === '/api/like.php')).toEqual([
      { method: 'POST', path: '/api/like.php', body: { id: 10 } },
    ]);
  });

  it('says what to change when nothing matches, and Reset filters searches from the defaults again', async () => {
    useSearchFiltersStore.setState({
      ownerId: null,
      didInit: true,
      filters: { gender: 'male', country: 'BE', countryregion: '', min_age: '30', max_age: '35', verified: '' },
    });
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/search.php'
        ? page(url.searchParams.has('gender') ? [] : [5], { num_results: url.searchParams.has('gender') ? 0 : 1 })
        : undefined,
    );
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    const empty = await screen.findByRole('region', { name: 'No members match your search.' });
    expect(
      within(empty)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Widen the age range', 'Choose any country', 'Look for everyone']);
    fireEvent.click(within(empty).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(shownNames()).toEqual(['Member 5']));
    expect(searchRequests(calls)).toEqual([
      '/api/search.php?gender=male&country=BE&min_age=30&max_age=35',
      '/api/search.php',
    ]);
  });

  it('shows skeleton cards, not a spinner, while the first page loads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = mockFetch(() => undefined);
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/search.php') await held;
      const body = url.pathname === '/api/search.php' ? page([1], { num_results: 1 }).body : { regions: {} };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderWithProviders(<SearchPage />, { path: '/members', settings });
    expect((await screen.findByTestId('profile-card-skeleton')).getAttribute('aria-busy')).toBe('true');
    release();
    await screen.findByTestId('search-count');
    expect(screen.queryByTestId('profile-card-skeleton')).toBeNull();
  });
});

describe('toSearchQuery', () => {
  it('turns the filters into the API query', () => {
    expect(
      toSearchQuery(
        { gender: 'male', country: 'NL', countryregion: 'NH', min_age: '25', max_age: '40', verified: '1' },
        'cur',
      ),
    ).toEqual({
      gender: 'male',
      country: 'NL',
      region: 'NH',
      min_age: 25,
      max_age: 40,
      verified: '1',
      cursor: 'cur',
    });
    expect(
      toSearchQuery({ gender: '', country: '', countryregion: 'NH', min_age: '', max_age: '', verified: '' }),
    ).toEqual({});
  });
});
