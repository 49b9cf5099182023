// A like or match push while the page is open refreshes the likes at once, not at the next 60 s poll.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { usePushStore } from '../../../lib/push.ts';
import { useLikesRefresh } from './get-likes.ts';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  usePushStore.setState({ lastMessage: null });
});

function LikesRefresh() {
  useLikesRefresh();
  return null;
}

describe('useLikesRefresh', () => {
  it('asks likes.php again when a like push arrives, and not for a message push', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/likes.php' ? { body: { liked: [], liked_by: [], matches: [] } } : undefined,
    );
    const likesCalls = () => calls.filter((call) => call.path.startsWith('/api/likes.php')).length;
    const { queryClient } = renderWithProviders(<LikesRefresh />, { user: buildUser() });
    // The cached likes are fresh: the push is what asks again.
    await act(async () => {
      queryClient.setQueryData(['likes'], { liked: [], liked_by: [], matches: [] });
    });
    const before = likesCalls();
    await act(async () => {
      usePushStore.setState({
        lastMessage: { v: 2, type: 'new_messages', title: 'Bo', body: 'New message', url: '/chats/3', tag: 'chat-3' },
      });
    });
    expect(likesCalls()).toBe(before);
    await act(async () => {
      usePushStore.setState({
        lastMessage: { v: 2, type: 'like', title: 'Bo', body: 'Bo likes you', url: '/members/3', tag: 'like-3' },
      });
    });
    await vi.waitFor(() => expect(likesCalls()).toBe(before + 1), { timeout: 5000 });
  });
});
