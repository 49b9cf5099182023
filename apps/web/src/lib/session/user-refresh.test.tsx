// SPEC sections 7 and 9: the user is refreshed 5 s after the page loaded it, then every 60 s (300 s when push-subscribed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { buildUser } from '../../test-support/user.fixture.ts';
import { useUserRefresh } from './get-user.ts';
import { FIRST_REFRESH_MS, PUSH_REFRESH_MS, REFRESH_MS, getUserRefreshInterval } from './user-refresh.ts';
import { resetPushForTests, usePushStore } from '../push.ts';

describe('getUserRefreshInterval', () => {
  const user = buildUser();

  it('does not poll for visitors', () => {
    expect(getUserRefreshInterval(null, 1)).toBe(false);
    expect(getUserRefreshInterval(undefined, 0)).toBe(false);
  });

  it('refreshes first after 5 s, then every 60 s', () => {
    expect(getUserRefreshInterval(user, 1)).toBe(5_000);
    expect(getUserRefreshInterval(user, 2)).toBe(60_000);
    expect(getUserRefreshInterval(user, 10)).toBe(60_000);
  });

  it('slows down to 300 s for a push-subscribed member after the first refresh', () => {
    const subscribed = buildUser({ push_subscribed: true });
    expect(getUserRefreshInterval(subscribed, 1, true)).toBe(5_000);
    expect(getUserRefreshInterval(subscribed, 2, true)).toBe(300_000);
  });

  it('keeps 60 s when the pushes go to another browser of the member, or this one is not on the account', () => {
    expect(getUserRefreshInterval(buildUser({ push_subscribed: true }), 2, false)).toBe(60_000);
    expect(getUserRefreshInterval(buildUser({ push_subscribed: true }), 2)).toBe(60_000);
    expect(getUserRefreshInterval(buildUser({ push_subscribed: false }), 2, true)).toBe(60_000);
  });
});

function Poller() {
  useUserRefresh();
  return null;
}

describe('useUserRefresh', () => {
  let responses: User[];
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ user: responses.shift() ?? buildUser() }), { status: 200 }),
  );

  beforeEach(async () => {
    // The API client checks answers against the contracts, loaded by a dynamic import that fake timers would stall.
    await import('@app/contracts');
    vi.useFakeTimers();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetPushForTests();
  });

  async function mountPoller() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Poller />
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    return view;
  }

  it('loads on mount, refreshes at 5 s and then every 60 s', async () => {
    responses = [];
    const view = await mountPoller();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0])).toContain('/api/user.php');

    await act(() => vi.advanceTimersByTimeAsync(FIRST_REFRESH_MS - 100));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS - 100));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    view.unmount();
  });

  it('waits 300 s between refreshes while the member is push-subscribed in this browser', async () => {
    usePushStore.setState({ state: 'subscribed', isChecked: true });
    responses = [
      buildUser({ push_subscribed: true }),
      buildUser({ push_subscribed: true }),
      buildUser({ push_subscribed: true }),
    ];
    const view = await mountPoller();
    await act(() => vi.advanceTimersByTimeAsync(FIRST_REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(PUSH_REFRESH_MS - REFRESH_MS));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    view.unmount();
  });

  it('does not poll for a visitor (403 is a visitor, not an error)', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: { status: 403, code: 'authentication_required', message: '' } }), {
          status: 403,
        }),
    );
    const view = await mountPoller();
    await act(() => vi.advanceTimersByTimeAsync(PUSH_REFRESH_MS * 2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    view.unmount();
  });
});
